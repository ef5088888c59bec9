/**
 * GET /api/authors/{id}: a public author's page (name, the month they joined,
 * their published posts). Only accounts whose name is already public to
 * visitors have one; everyone else is "not found", whether the account exists
 * or not.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createMember, type SignedInUser } from "../support/api.ts";

const run = `authors${Date.now().toString(36)}`;
let author: SignedInUser;
let reader: SignedInUser;
const ids = { older: 0, newer: 0, pending: 0, rejected: 0 };

beforeAll(async () => {
  author = await createMember({ lastName: `Author ${run}` });
  reader = await createMember({ lastName: "reader" });
  ids.older = await createPost(author, { title: `Older ${run}`, createdAt: "2024-01-01T10:00:00Z" });
  ids.newer = await createPost(author, { title: `Newer ${run}`, createdAt: "2024-02-01T10:00:00Z" });
  ids.pending = await createPost(author, { title: `Pending ${run}`, status: "pending", createdAt: "2024-03-01T10:00:00Z" });
  ids.rejected = await createPost(author, { title: `Rejected ${run}`, status: "rejected", createdAt: "2024-03-02T10:00:00Z" });
});

const titles = (body: { posts: { title: string }[] }) => body.posts.map((post) => post.title);

describe("GET /api/authors/{id}", () => {
  it("names a published author, the month they joined, and their published posts, newest first", async () => {
    const res = await api("GET", `/api/authors/${author.id}`);
    expect(res.status).toBe(200);
    const [profile] = await sql<{ month: string }[]>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month from auth.users where id = ${author.id}`;
    expect(res.body.author).toEqual({ id: author.id, name: `Test Author ${run}`, member_since: profile.month, post_count: 2 });
    expect(titles(res.body)).toEqual([`Newer ${run}`, `Older ${run}`]);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.posts[0]).toMatchObject({ author_id: author.id, author_name: `Test Author ${run}`, status: "approved" });
  });

  it("gives the month the account signed up, even when its profile row was written later (a seed, a restore)", async () => {
    const joiner = await createMember({ lastName: `joiner ${run}` });
    await sql`update auth.users set created_at = '2025-11-03T09:00:00Z' where id = ${joiner.id}`;
    await sql`update public.profiles set created_at = '2026-12-01T09:00:00Z' where id = ${joiner.id}`;
    await createPost(joiner, { createdAt: "2026-03-10T10:00:00Z" });
    const res = await api("GET", `/api/authors/${joiner.id}`);
    expect(res.status).toBe(200);
    expect(res.body.author.member_since).toBe("2025-11");
  });

  it("lists the posts newest published first, each with the date that order uses", async () => {
    const writer = await createMember({ lastName: `writer ${run}` });
    // Written first but approved last: it was published most recently.
    const slow = await createPost(writer, { title: `Slow review ${run}`, createdAt: "2026-01-01T10:00:00Z" });
    const quick = await createPost(writer, { title: `Quick review ${run}`, createdAt: "2026-02-01T10:00:00Z" });
    const own = await createPost(writer, { title: `No review ${run}`, createdAt: "2026-02-15T10:00:00Z" });
    await sql`update public.posts set reviewed_at = '2026-03-01T10:00:00Z' where id = ${slow}`;
    await sql`update public.posts set reviewed_at = '2026-02-02T10:00:00Z' where id = ${quick}`;
    const res = await api("GET", `/api/authors/${writer.id}`);
    expect(titles(res.body)).toEqual([`Slow review ${run}`, `No review ${run}`, `Quick review ${run}`]);
    const published = res.body.posts.map((post: { id: number; published_at: string }) => [post.id, new Date(post.published_at).toISOString()]);
    expect(published).toEqual([
      [slow, "2026-03-01T10:00:00.000Z"],
      [own, "2026-02-15T10:00:00.000Z"],
      [quick, "2026-02-02T10:00:00.000Z"],
    ]);
    const first = await api("GET", `/api/authors/${writer.id}?limit=2`);
    const rest = await api("GET", `/api/authors/${writer.id}?limit=2&cursor=${first.body.nextCursor}`);
    expect(titles(rest.body)).toEqual([`Quick review ${run}`]);
  });

  it("never shows the e-mail address, the first and last name or the exact sign-up time", async () => {
    const res = await api("GET", `/api/authors/${author.id}`);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(author.email);
    expect(Object.keys(res.body.author).sort()).toEqual(["id", "member_since", "name", "post_count"]);
    expect(res.body.author.member_since).toMatch(/^\d{4}-\d{2}$/);
  });

  it("is the same page for a signed-in reader, and for the author, whose posts under review stay off it", async () => {
    for (const token of [reader.token, author.token]) {
      const res = await api("GET", `/api/authors/${author.id}`, { token });
      expect(res.status).toBe(200);
      expect(titles(res.body)).toEqual([`Newer ${run}`, `Older ${run}`]);
      expect(res.body.author.post_count).toBe(2);
    }
  });

  it("pages with the cursor it returns", async () => {
    const first = await api("GET", `/api/authors/${author.id}?limit=1`);
    expect(titles(first.body)).toEqual([`Newer ${run}`]);
    const second = await api("GET", `/api/authors/${author.id}?limit=1&cursor=${first.body.nextCursor}`);
    expect(titles(second.body)).toEqual([`Older ${run}`]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("is not found for someone who only reads, or whose posts are pending or rejected", async () => {
    const quiet = await createMember({ lastName: "quiet" });
    const waiting = await createMember({ lastName: "waiting" });
    await createPost(waiting, { status: "pending" });
    await createPost(waiting, { status: "rejected" });
    for (const person of [quiet, waiting]) {
      const res = await api("GET", `/api/authors/${person.id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Author not found.");
      // Not even to themselves: the page is public, and so is the rule.
      expect((await api("GET", `/api/authors/${person.id}`, { token: person.token })).status).toBe(404);
    }
  });

  it("exists for someone who only commented, with no posts", async () => {
    const commenter = await createMember({ lastName: "commenter" });
    await createComment(commenter, ids.newer);
    const res = await api("GET", `/api/authors/${commenter.id}`);
    expect(res.status).toBe(200);
    expect(res.body.author.post_count).toBe(0);
    expect(res.body.posts).toEqual([]);
  });

  it("is not found once the account is deleted; its posts stay, under 'Deleted user', without an id", async () => {
    const leaver = await createMember({ lastName: "leaver" });
    const postId = await createPost(leaver, { tags: [run] });
    expect((await api("GET", `/api/authors/${leaver.id}`)).status).toBe(200);
    await sql`delete from auth.users where id = ${leaver.id}`;
    // Waits for the deletion's NOTIFY to empty the function's kept page, a moment after the commit.
    await expect.poll(async () => (await api("GET", `/api/authors/${leaver.id}`)).status).toBe(404);
    const list = await api("GET", `/api/posts/all?tags=${run}`);
    const post = list.body.posts.find((p: { id: number }) => p.id === postId);
    expect(post).toMatchObject({ author_name: "Deleted user", author_id: null });
  });

  it("answers an id that names no account, or is no id, as not found; a bad cursor or limit is a 400", async () => {
    expect((await api("GET", "/api/authors/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await api("GET", "/api/authors/not-an-id")).status).toBe(404);
    expect((await api("GET", `/api/authors/${author.id.toUpperCase()}`)).status).toBe(404);
    expect((await api("GET", `/api/authors/${author.id}?cursor=nonsense`)).status).toBe(400);
    expect((await api("GET", `/api/authors/${author.id}?limit=0`)).status).toBe(400);
    expect((await api("GET", `/api/authors/${author.id}?limit=101`)).status).toBe(400);
  });
});
