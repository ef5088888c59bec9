/**
 * GET /api/admin/link-health: dead and moved sources with the
 * posts citing them, newest problem first, a page at a time, for moderators
 * and admins (who else is refused: tests/api/permissions.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPostCiting } from "../support/sources.ts";
import { api, createMember, createModerator, type SignedInUser } from "../support/api.ts";

let moderator: SignedInUser;
/**
 * Checks dated two centuries ahead of this run's start, read from a cursor as the API writes one (base64url JSON of
 * sort key and id) just after them: other tests' sources (and earlier runs') sort after, later runs' before.
 */
const base = Date.now() + 200 * 365 * 24 * 3600 * 1000;
const checkedAt = (second: number) => new Date(base + second * 1000).toISOString();
const afterThisFile = Buffer.from(JSON.stringify([checkedAt(60), Number.MAX_SAFE_INTEGER])).toString("base64url");
let postId: number;
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const [dead, moved] = [`https://api-health-dead.example/${run}`, `https://api-health-moved.example/${run}`];

beforeAll(async () => {
  const author = await createMember();
  moderator = await createModerator();
  postId = await createPostCiting(author, [
    { url: dead, state: "dead", checkedAt: checkedAt(2), archived: { url: `https://web.archive.org/web/2026/${dead}`, at: "2026-10-01T00:00:00Z" } },
    { url: moved, place: "content", state: "moved", movedTo: `${moved}/new`, checkedAt: checkedAt(1) },
  ], { title: `Link health ${run}` });
});

// Their far-off checks would otherwise head the list wherever it is read next (the end-to-end tests, the demo).
afterAll(async () => {
  await sql`update public.sources set state = 'alive', moved_to = null where url = any(${[dead, moved]})`;
});

describe("GET /api/admin/link-health", () => {
  it("gives each problem source with its host, state, where it moved, its check, its archived copy and the posts citing it", async () => {
    const res = await api("GET", `/api/admin/link-health?limit=1&cursor=${afterThisFile}`, { token: moderator.token });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([{
      url: dead, host: "api-health-dead.example", state: "dead", moved_to: null, checked_at: expect.any(String),
      archived_url: `https://web.archive.org/web/2026/${dead}`, archived_at: "2026-10-01T00:00:00+00:00",
      posts: [{ id: postId, title: `Link health ${run}`, status: "approved" }],
    }]);
    expect(new Date(res.body.sources[0].checked_at).toISOString()).toBe(checkedAt(2));
    const next = await api("GET", `/api/admin/link-health?limit=1&cursor=${res.body.nextCursor}`, { token: moderator.token });
    expect(next.body.sources.map((source: { url: string; moved_to: string }) => [source.url, source.moved_to])).toEqual([[moved, `${moved}/new`]]);
  });

  it("refuses a page size or cursor it did not give", async () => {
    const tooMany = await api("GET", "/api/admin/link-health?limit=101", { token: moderator.token });
    expect([tooMany.status, tooMany.body.error]).toEqual([400, "limit must be a whole number from 1 to 100."]);
    expect((await api("GET", "/api/admin/link-health?cursor=nonsense", { token: moderator.token })).status).toBe(400);
  });
});
