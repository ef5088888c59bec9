/**
 * GET /api/notifications and POST /api/notifications/read: a member's own
 * notifications, newest first in pages, with the unread count; marking them
 * read, all or by id. Written by the database (tests/db/notifications-feed.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let admin: SignedInUser;

beforeAll(async () => {
  admin = await createAdmin();
});

/** A member with `count` unread notifications: comments by an admin on their post. */
async function memberWithComments(count: number): Promise<{ member: SignedInUser; postId: number }> {
  const member = await createMember({ lastName: "notified" });
  const postId = await createPost(member, { title: "Market day" });
  for (let i = 0; i < count; i++) {
    await createComment(admin, postId, { content: `Comment ${i}` });
  }
  return { member, postId };
}

describe("GET /api/notifications", () => {
  it("lists what happened to the member's post, with the unread count, privately", async () => {
    const member = await createMember({ lastName: "author" });
    const commenter = await createMember({ lastName: "commenter" });
    const postId = await createPost(member, { title: "The old bridge", status: "pending" });
    expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);
    const comment = await api("POST", `/api/posts/${postId}/comments`, { token: commenter.token, json: { content: "Great find." } });
    expect(comment.status).toBe(201);

    const res = await api("GET", "/api/notifications", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-read-cache")).toBeNull();
    expect(res.body).toEqual({
      unread: 2,
      nextCursor: null,
      notifications: [
        expect.objectContaining({
          kind: "post_comment", post_id: postId, post_title: "The old bridge", comment_id: comment.body.comment.id,
          actor_name: "Test commenter", reason: null, read_at: null,
        }),
        expect.objectContaining({ kind: "post_published", post_id: postId, post_title: "The old bridge", comment_id: null, actor_name: null }),
      ],
    });
  });

  it("says who replied to a member's comment", async () => {
    const [member, replier] = await Promise.all([createMember(), createMember({ lastName: "replier" })]);
    const postId = await createPost(admin);
    const parentId = await createComment(member, postId);
    expect((await api("POST", `/api/posts/${postId}/comments`, { token: replier.token, json: { content: "Yes!", parentId } })).status).toBe(201);
    const res = await api("GET", "/api/notifications", { token: member.token });
    expect(res.body.notifications).toEqual([expect.objectContaining({ kind: "comment_reply", post_id: postId, actor_name: "Test replier" })]);
    expect(res.body.unread).toBe(1);
  });

  it("pages newest first with limit and cursor", async () => {
    const { member } = await memberWithComments(3);
    const first = await api("GET", "/api/notifications?limit=2", { token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api("GET", `/api/notifications?limit=2&cursor=${first.body.nextCursor}`, { token: member.token });
    expect(second.body.notifications).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.notifications, ...second.body.notifications].map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(3);
  });

  it("refuses a visitor, and bad limits and cursors", async () => {
    const visitor = await api("GET", "/api/notifications");
    expect(visitor.status).toBe(401);
    expect(visitor.body.detail).toBe("Please sign in to see your notifications.");
    const member = await createMember();
    for (const query of ["limit=0", "limit=101", "limit=abc", "cursor=nonsense"]) {
      expect((await api("GET", `/api/notifications?${query}`, { token: member.token })).status, query).toBe(400);
    }
  });
});

describe("POST /api/notifications/read", () => {
  it("marks the named ones read, then all, and answers the unread count", async () => {
    const { member } = await memberWithComments(3);
    const listed = await api("GET", "/api/notifications", { token: member.token });
    const [newest] = listed.body.notifications;

    const named = await api("POST", "/api/notifications/read", { token: member.token, json: { ids: [newest.id] } });
    expect(named).toMatchObject({ status: 200, body: { unread: 2 } });
    const after = await api("GET", "/api/notifications", { token: member.token });
    expect(after.body.unread).toBe(2);
    expect(after.body.notifications[0]).toMatchObject({ id: newest.id, read_at: expect.any(String) });

    const all = await api("POST", "/api/notifications/read", { token: member.token });
    expect(all).toMatchObject({ status: 200, body: { unread: 0 } });
    expect((await api("GET", "/api/notifications", { token: member.token })).body.unread).toBe(0);
  });

  it("passes over another member's notifications", async () => {
    const [{ member }, other] = await Promise.all([memberWithComments(1), memberWithComments(1)]);
    const [theirs] = await sql`select id::int from public.notifications where recipient_id = ${other.member.id}`;
    const res = await api("POST", "/api/notifications/read", { token: member.token, json: { ids: [theirs.id] } });
    expect(res).toMatchObject({ status: 200, body: { unread: 1 } });
    expect(await sql`select read_at from public.notifications where id = ${theirs.id}`).toEqual([{ read_at: null }]);
  });

  it("refuses a visitor and ids that are not notification ids", async () => {
    expect((await api("POST", "/api/notifications/read", { json: {} })).status).toBe(401);
    const member = await createMember();
    for (const body of [{ ids: "1" }, { ids: [0] }, { ids: [1.5] }, { ids: ["1"] }, { ids: [null] }, [1, 2]]) {
      const res = await api("POST", "/api/notifications/read", { token: member.token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const tooMany = await api("POST", "/api/notifications/read", { token: member.token, json: { ids: Array.from({ length: 501 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(400);
    const notJson = await api("POST", "/api/notifications/read", { token: member.token, form: new FormData() });
    expect(notJson).toMatchObject({ status: 415, body: { detail: "This request takes JSON, not a form." } });
  });
});
