/**
 * GET /api/tags: every tag of a published post with how many published posts
 * have it. Posts under review or rejected are never counted; the counts follow
 * publishing, retagging and deleting.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember, type SignedInUser } from "../support/api.ts";

const run = `tags${Date.now().toString(36)}`;
const shared = `${run}-shared`;
const single = `${run}-single`;
const hidden = `${run}-hidden`;
let author: SignedInUser;

beforeAll(async () => {
  author = await createMember({ lastName: "tags" });
  await createPost(author, { tags: [shared, single] });
  await createPost(author, { tags: [shared] });
  await createPost(author, { tags: [shared, hidden], status: "pending" });
  await createPost(author, { tags: [hidden], status: "rejected" });
});

type TagCount = { tag: string; count: number };
// The counts are a kept answer: a change made behind the API empties it by
// NOTIFY a moment after the commit, so each read after a change waits for that (expect.poll).
const countsOfRun = async (): Promise<TagCount[]> =>
  ((await api("GET", "/api/tags")).body.tags as TagCount[]).filter((entry) => entry.tag.startsWith(run));

describe("GET /api/tags", () => {
  it("counts published posts per tag, most used first, and never a post under review or rejected", async () => {
    const res = await api("GET", "/api/tags");
    expect(res.status).toBe(200);
    expect(await countsOfRun()).toEqual([
      { tag: shared, count: 2 },
      { tag: single, count: 1 },
    ]);
    const counts = (res.body.tags as TagCount[]).map((entry) => entry.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it("is the same answer for a signed-in member", async () => {
    const res = await api("GET", "/api/tags", { token: author.token });
    expect((res.body.tags as TagCount[]).filter((entry) => entry.tag.startsWith(run))).toEqual(await countsOfRun());
  });

  it("follows publishing, retagging, withdrawing and deleting", async () => {
    const postId = await createPost(author, { tags: [`${run}-moving`], status: "pending" });
    expect((await countsOfRun()).map((entry) => entry.tag)).not.toContain(`${run}-moving`);

    await sql`update public.posts set status = 'approved' where id = ${postId}`;
    await expect.poll(countsOfRun).toContainEqual({ tag: `${run}-moving`, count: 1 });

    await sql`update public.posts set tags = array[${`${run}-moved`}, ${shared}] where id = ${postId}`;
    await expect.poll(countsOfRun).toEqual([
      { tag: shared, count: 3 },
      { tag: `${run}-moved`, count: 1 },
      { tag: single, count: 1 },
    ]);

    await sql`update public.posts set status = 'rejected' where id = ${postId}`;
    await expect.poll(countsOfRun).toEqual([
      { tag: shared, count: 2 },
      { tag: single, count: 1 },
    ]);

    await sql`update public.posts set status = 'approved' where id = ${postId}`;
    await expect.poll(countsOfRun).toContainEqual({ tag: `${run}-moved`, count: 1 });
    await sql`delete from public.posts where id = ${postId}`;
    await expect.poll(countsOfRun).toEqual([
      { tag: shared, count: 2 },
      { tag: single, count: 1 },
    ]);
  });
});
