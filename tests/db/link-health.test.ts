/**
 * private.link_health, the reader behind Link health: the dead and
 * moved sources across the archive with every post citing them, newest
 * problem first, paged; moderators and admins only, whatever the post's state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import type { TestUser } from "../support/fixtures.ts";
import { createPostCiting, type CheckedSource } from "../support/sources.ts";
import { asCaller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const url = (name: string) => `https://health-${name}.example/${run}`;
/**
 * Checks dated a century ahead of this run's start and read from just after
 * them: other tests' sources (and earlier runs') sort after, later runs' before.
 */
const base = Date.now() + 100 * 365 * 24 * 3600 * 1000;
const checkedAt = (second: number) => new Date(base + second * 1000).toISOString();
const afterThisFile = { key: checkedAt(60), id: "9223372036854775807" };

let published: number;
let rejected: number;

interface HealthRow {
  source: { url: string; state: string; moved_to: string | null; posts: { id: number; title: string; status: string }[] };
  sort_key: string;
  id: string;
}

const page = (caller: TestUser | null, limit: number, cursor: { key: string; id: string } = afterThisFile) =>
  asCaller(caller, (tx) => tx<HealthRow[]>`select * from private.link_health(${limit}, ${cursor.key}, ${cursor.id})`);

beforeAll(async () => {
  [member, moderator, admin] = await Promise.all([createMember(), createModerator(), createAdmin()]);
  const [dead, moved, alive] = [
    { url: url("dead"), state: "dead", checkedAt: checkedAt(2) },
    { url: url("moved"), state: "moved", movedTo: url("moved") + "/new", checkedAt: checkedAt(1) },
    { url: url("alive"), place: "content", state: "alive", checkedAt: checkedAt(3) },
  ] satisfies CheckedSource[];
  published = await createPostCiting(member, [dead, moved, alive], { title: `Cites the dead ${run}` });
  rejected = await createPostCiting(member, [dead], { title: `Rejected ${run}`, status: "rejected" });
});

// Their far-off checks would otherwise head the list wherever it is read next (the end-to-end tests, the demo).
afterAll(async () => {
  await sql`update public.sources set state = 'alive', moved_to = null where url = any(${[url("dead"), url("moved")]})`;
});

describe("private.link_health", () => {
  it("lists dead and moved sources, newest problem first, with every post citing them, to moderators and admins", async () => {
    for (const reader of [moderator, admin]) {
      const rows = await page(reader, 2);
      expect(rows.map((row) => [row.source.url, row.source.state])).toEqual([[url("dead"), "dead"], [url("moved"), "moved"]]);
      expect(rows[0].source.posts).toEqual([
        { id: rejected, title: `Rejected ${run}`, status: "rejected" },
        { id: published, title: `Cites the dead ${run}`, status: "approved" },
      ]);
      expect(rows[1].source.moved_to).toBe(`${url("moved")}/new`);
    }
  });

  it("pages after the last row shown", async () => {
    const [firstRow] = await page(admin, 1);
    const [next] = await page(admin, 1, { key: firstRow.sort_key, id: firstRow.id });
    expect(next.source.url).toBe(url("moved"));
  });

  it("refuses visitors and members", async () => {
    expect(await pgError(page(null, 10))).toMatchObject({ code: "42501" });
    expect(await pgError(page(member, 10))).toEqual({ code: "PT403", message: "Moderator access required." });
  });

  it("refuses a page size out of range", async () => {
    expect(await pgError(page(admin, 0))).toEqual({ code: "PT400", message: "limit must be between 1 and 100." });
  });
});
