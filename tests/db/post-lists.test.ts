/**
 * private.list_approved_posts answers "newest first, no search or tags" (the
 * list as it opens, the timeline, every further page) with a static
 * statement, and every other list with one built for its filters. Both must
 * page the same posts in the same order, with their counters, the caller's
 * vote and, for the timeline, the start of the content.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, type Caller, createMember } from "../support/callers.ts";

type Listed = { post: string; sort_key: string; id: string };

// A day of its own (no seed or other test posts there): 2001-01-01 to 2001-12-28, by this file's start time.
const day = new Date(Date.UTC(2001, 0, 1) + (Date.now() % 362) * 86_400_000).toISOString().slice(0, 10);
// Created within one millisecond, so the cursors must keep microseconds.
const stamps = ["23:00:00.123456", "23:00:00.123400", "23:00:00.123300", "12:00:00", "00:30:00"];
let author: TestUser;
let voter: TestUser;
let newestFirst: number[];

beforeAll(async () => {
  [author, voter] = await Promise.all([createMember(), createMember()]);
  const made = [];
  for (const [i, stamp] of stamps.entries()) {
    made.push(await createPost(author, {
      title: `Listed ${i}`,
      content: `${"x".repeat(190)} "quoted" and more than two hundred characters in all`,
      createdAt: `${day}T${stamp}Z`,
    }));
  }
  await createPost(author, { title: "Pending on the day", createdAt: `${day}T22:00:00Z`, status: "pending" });
  await sql`insert into public.post_votes (post_id, user_id, vote) values (${made[1]}, ${voter.id}, 1)`;
  newestFirst = made;
});

/** Every page of one list, `limit` posts at a time, following the cursor as the api function does. */
async function allPages(caller: Caller, sort: string, options: { limit: number; tags?: string[]; preview?: boolean; timeZone?: string }) {
  const posts: Record<string, unknown>[] = [];
  let cursor: { key: string; id: string } | null = null;
  for (let page = 0; page < 20; page++) {
    const rows: Listed[] = await asCaller(caller, (tx) => tx<Listed[]>`
      select post, sort_key, id from private.list_approved_posts(
        p_sort => ${sort}, p_limit => ${options.limit + 1}, p_tags => ${options.tags ?? null}::text[],
        p_day => ${day}::date, p_time_zone => ${options.timeZone ?? "UTC"},
        p_cursor_key => ${cursor?.key ?? null}::text, p_cursor_id => ${cursor?.id ?? null}::bigint,
        p_content_preview => ${options.preview ?? false})`);
    posts.push(...rows.slice(0, options.limit).map((row) => JSON.parse(row.post)));
    if (rows.length <= options.limit) return posts;
    const last = rows[options.limit - 1];
    cursor = { key: last.sort_key, id: last.id };
  }
  throw new Error("more than 20 pages");
}

const idsOf = (posts: Record<string, unknown>[]) => posts.map((post) => post.id);

describe("lists of approved posts", () => {
  it("page newest first, one post at a time, through posts created within one millisecond", async () => {
    const posts = await allPages(null, "newest", { limit: 1 });
    expect(idsOf(posts)).toEqual(newestFirst);
  });

  it("agree with the lists built for their filters: oldest first is the reverse, and a tag changes nothing else", async () => {
    const [newest, oldest, tagged] = await Promise.all([
      allPages(null, "newest", { limit: 2 }),
      allPages(null, "oldest", { limit: 2 }),
      allPages(null, "newest", { limit: 2, tags: ["nonexistent-tag"] }),
    ]);
    expect(idsOf(oldest)).toEqual([...newestFirst].reverse());
    expect(oldest).toEqual([...newest].reverse());
    expect(tagged).toEqual([]);
  });

  it("keep the day in the visitor's time zone", async () => {
    // 00:30 UTC is the evening before in New York; 23:00 UTC is the next morning in Tokyo.
    expect(idsOf(await allPages(null, "newest", { limit: 10, timeZone: "America/New_York" }))).toEqual(newestFirst.slice(0, 4));
    expect(idsOf(await allPages(null, "newest", { limit: 10, timeZone: "Asia/Tokyo" }))).toEqual(newestFirst.slice(3));
  });

  it("carry the start of the content for the timeline, and the caller's own vote", async () => {
    const [forVisitor, forVoter] = await Promise.all([
      allPages(null, "newest", { limit: 10, preview: true }),
      allPages(voter, "newest", { limit: 10 }),
    ]);
    const [content] = await sql<{ content: string }[]>`select content from public.posts where id = ${newestFirst[0]}`;
    expect(forVisitor[0].content).toBe(content.content.slice(0, 200));
    expect(forVisitor.map((post) => post.user_vote)).toEqual(["none", "none", "none", "none", "none"]);
    expect(forVoter[1]).toMatchObject({ id: newestFirst[1], upvotes: 1, user_vote: "up", content: null });
    expect(forVoter.filter((post) => post.user_vote === "up")).toHaveLength(1);
  });
});
