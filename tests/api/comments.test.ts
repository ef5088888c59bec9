import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let admin: SignedInUser;
let postId: number;

beforeAll(async () => {
  [author, admin] = await Promise.all([createMember({ lastName: "comment-author" }), createAdmin()]);
  postId = await createPost(author, { title: "Discuss" });
});

function comment(token: string, content: string, parentId?: number) {
  return api("POST", `/api/posts/${postId}/comments`, { token, json: { content, parentId } });
}

describe("comments", () => {
  it("asks a visitor to sign in and refuses blank text", async () => {
    expect((await api("POST", `/api/posts/${postId}/comments`, { json: { content: "hi" } })).status).toBe(401);
    const member = await createMember();
    const blank = await comment(member.token, "   ");
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("A comment cannot be empty.");
  });

  it("attaches a reply to a reply to the top-level comment", async () => {
    const [a, b] = await Promise.all([createMember({ lastName: "a" }), createMember({ lastName: "b" })]);
    const top = await comment(a.token, "Top-level");
    expect(top.status).toBe(201);
    expect(top.body.comment).toMatchObject({ content: "Top-level", parent_id: null, author_name: "Test a", user_vote: "none" });
    const reply = await comment(b.token, "Reply", top.body.comment.id);
    const replyToReply = await comment(admin.token, "Reply to the reply", reply.body.comment.id);
    expect(reply.body.comment.parent_id).toBe(top.body.comment.id);
    expect(replyToReply.body.comment.parent_id).toBe(top.body.comment.id);
  });

  it("refuses a reply to a comment that is gone or belongs to another post, as the database says", async () => {
    const elsewhere = await createPost(author, { title: "Elsewhere" });
    const other = await createComment(author, elsewhere, { content: "Over there" });
    const [replier, late] = await Promise.all([createMember({ lastName: "cross-replier" }), createMember({ lastName: "late-replier" })]);
    const crossPost = await comment(replier.token, "Reply", other);
    expect(crossPost.status).toBe(400);
    expect(crossPost.body.error).toBe("A reply must belong to the same post as the comment it answers.");
    const gone = await comment(late.token, "Reply", 999_999_999);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe("The comment you are replying to no longer exists.");
  });

  it("lets a member comment once a minute; admins are exempt", async () => {
    const member = await createMember({ lastName: "chatty" });
    expect((await comment(member.token, "first")).status).toBe(201);
    const second = await comment(member.token, "second");
    expect(second.status).toBe(429);
    expect(second.body.error).toBe("Please wait 1 minute before commenting again.");
    expect((await comment(admin.token, "admin one")).status).toBe(201);
    expect((await comment(admin.token, "admin two")).status).toBe(201);
  });

  it("sorts newest or top, and visitors can read them", async () => {
    const target = await createPost(author, { title: "Sorting" });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await createComment(author, target, { content: "old", createdAt: hoursAgo(2) });
    await createComment(author, target, { content: "new", createdAt: hoursAgo(1) });
    const voters = await Promise.all([createMember({ lastName: "v1" }), createMember({ lastName: "v2" })]);
    const newest = await api("GET", `/api/posts/${target}/comments?sort=newest`);
    expect(newest.status).toBe(200);
    expect(newest.body.comments.map((c: { content: string }) => c.content)).toEqual(["new", "old"]);
    const oldId = newest.body.comments[1].id;
    await Promise.all(voters.map((v) => api("POST", `/api/comments/${oldId}/vote`, { token: v.token, json: { voteType: "up" } })));
    const top = await api("GET", `/api/posts/${target}/comments?sort=top`);
    expect(top.body.comments.map((c: { content: string }) => c.content)).toEqual(["old", "new"]);
    expect((await api("GET", `/api/posts/${target}/comments?sort=sideways`)).status).toBe(400);
  });

  it("pages a thread in thread order: each top-level comment, then its replies oldest first, however many", async () => {
    const target = await createPost(author, { title: "A busy thread" });
    // Its counters are set behind the API below: the post goes afterwards, so no comment's counters disagree with its votes.
    onTestFinished(async () => {
      await sql`delete from public.posts where id = ${target}`;
    });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // Three top-level comments; the oldest has 12 replies, more than a page, the newest one.
    const oldest = await createComment(author, target, { content: "oldest", createdAt: minutesAgo(100) });
    const middle = await createComment(author, target, { content: "middle", createdAt: minutesAgo(90) });
    const newest = await createComment(author, target, { content: "newest", createdAt: minutesAgo(80) });
    const repliesToOldest: number[] = [];
    for (let i = 0; i < 12; i++) {
      repliesToOldest.push(await createComment(author, target, { content: `reply ${i}`, parentId: oldest, createdAt: minutesAgo(70 - i) }));
    }
    const replyToNewest = await createComment(author, target, { content: "reply to newest", parentId: newest, createdAt: minutesAgo(10) });
    await sql`update public.comments set upvotes = 5 where id = ${middle}`;

    const readAll = async (sort: string, limit: number) => {
      const ids: number[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 50; page++) {
        const path: string = `/api/posts/${target}/comments?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        type Page = { comments: { id: number }[]; nextCursor: string | null; total: number };
        const res: { status: number; body: Page } = await api<Page>("GET", path);
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(16);
        expect(res.body.comments.length).toBeLessThanOrEqual(limit);
        ids.push(...res.body.comments.map((c: { id: number }) => c.id));
        cursor = res.body.nextCursor;
        if (!cursor) return ids;
      }
      throw new Error("more than 50 pages");
    };
    for (const limit of [5, 16, 30]) {
      expect(await readAll("newest", limit)).toEqual([newest, replyToNewest, middle, oldest, ...repliesToOldest]);
      expect(await readAll("top", limit)).toEqual([middle, newest, replyToNewest, oldest, ...repliesToOldest]);
    }
    // 16 comments on a page of 16: no next page.
    expect((await api("GET", `/api/posts/${target}/comments?limit=16`)).body.nextCursor).toBeNull();
    // The default page is 30.
    expect((await api("GET", `/api/posts/${target}/comments`)).body.comments).toHaveLength(16);
  });

  it("refuses a page size or cursor it did not give, and changes nothing", async () => {
    for (const [query, error] of [
      ["limit=0", "limit must be a whole number from 1 to 100."],
      ["limit=101", "limit must be a whole number from 1 to 100."],
      ["cursor=garbage", "cursor: not a cursor this API returned."],
    ]) {
      const res = await api("GET", `/api/posts/${postId}/comments?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe(error);
    }
    // A cursor of another shape (a list's) is refused too, not a 500.
    const listCursor = Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00", 5])).toString("base64url");
    expect((await api("GET", `/api/posts/${postId}/comments?cursor=${listCursor}`)).status).toBe(400);
    const notAnArray = Buffer.from(JSON.stringify(["{}", 5])).toString("base64url");
    expect((await api("GET", `/api/posts/${postId}/comments?cursor=${notAnArray}`)).status).toBe(400);
  });

  it("lets only an admin delete someone else's comment, and its replies go with it", async () => {
    const [a, b] = await Promise.all([createMember({ lastName: "del-a" }), createMember({ lastName: "del-b" })]);
    const top = await comment(a.token, "Delete me");
    const reply = await comment(b.token, "And me", top.body.comment.id);
    const byMember = await api("DELETE", `/api/comments/${top.body.comment.id}`, { token: b.token });
    expect(byMember.status).toBe(403);
    expect((await api("DELETE", `/api/comments/${top.body.comment.id}`)).status).toBe(401);
    const byAdmin = await api("DELETE", `/api/comments/${top.body.comment.id}`, { token: admin.token });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.message).toBe("Comment deleted successfully");
    const left = await api("GET", `/api/posts/${postId}/comments`);
    const ids = left.body.comments.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(top.body.comment.id);
    expect(ids).not.toContain(reply.body.comment.id);
  });

  it("answers 404 for comments of a post that does not exist or is not visible", async () => {
    const pending = await createPost(author, { status: "pending" });
    expect((await api("GET", `/api/posts/${pending}/comments`)).status).toBe(404);
    expect((await api("GET", "/api/posts/999999999/comments")).status).toBe(404);
    const member = await createMember();
    expect((await api("POST", `/api/posts/${pending}/comments`, { token: member.token, json: { content: "hi" } })).status).toBe(404);
    expect((await api("POST", "/api/posts/999999999/comments", { token: member.token, json: { content: "hi" } })).status).toBe(404);
    // Its author sees the pending post, but comments wait for publication.
    expect((await api("POST", `/api/posts/${pending}/comments`, { token: author.token, json: { content: "hi" } })).status).toBe(403);
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int from public.comments where post_id = ${pending}`;
    expect(count).toBe(0);
  });
});
