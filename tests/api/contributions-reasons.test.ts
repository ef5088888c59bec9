/**
 * POST /api/admin/posts/{id}/reject and /api/admin/suggestions/{id}/reject
 * with an optional `{ reason }`; SPEC's calls without a body still work.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createEditSuggestion, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember } from "../support/api.ts";

describe("rejecting a post", () => {
  it("stores the reason given", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    const res = await api("POST", `/api/admin/posts/${postId}/reject`, { token: admin.token, json: { reason: "Off topic for this archive." } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Post rejected successfully!" });
    const [post] = await sql`select status, rejection_reason from public.posts where id = ${postId}`;
    expect(post).toEqual({ status: "rejected", rejection_reason: "Off topic for this archive." });
  });

  it("works without a body, as SPEC's call sends it", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    expect((await api("POST", `/api/admin/posts/${postId}/reject`, { token: admin.token })).status).toBe(200);
    expect((await sql`select rejection_reason from public.posts where id = ${postId}`)[0].rejection_reason).toBeNull();
  });

  it("answers 400 with the database's message for a reason over 500 characters, and 400 for a reason that is not text", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    const long = await api("POST", `/api/admin/posts/${postId}/reject`, { token: admin.token, json: { reason: "x".repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.detail ?? long.body.error).toBe("The reason can be at most 500 characters.");
    const wrong = await api("POST", `/api/admin/posts/${postId}/reject`, { token: admin.token, json: { reason: 42 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail ?? wrong.body.error).toBe("The reason must be text.");
    expect((await sql`select status from public.posts where id = ${postId}`)[0].status).toBe("pending");
  });

  it("is refused to a member, reason or not", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author, { status: "pending" });
    const res = await api("POST", `/api/admin/posts/${postId}/reject`, { token: member.token, json: { reason: "Because" } });
    expect(res.status).toBe(403);
    expect((await sql`select status, rejection_reason from public.posts where id = ${postId}`)[0])
      .toEqual({ status: "pending", rejection_reason: null });
  });
});

describe("rejecting an edit suggestion", () => {
  it("stores the reason given, and works without a body", async () => {
    const [author, suggester, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await createPost(author);
    const [withReason, without] = [await createEditSuggestion(suggester, postId), await createEditSuggestion(suggester, postId)];
    const res = await api("POST", `/api/admin/suggestions/${withReason}/reject`, { token: admin.token, json: { reason: "Not supported by the sources." } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Suggestion rejected." });
    expect((await api("POST", `/api/admin/suggestions/${without}/reject`, { token: admin.token })).status).toBe(200);
    const rows = await sql`select id, rejection_reason from public.edit_suggestions where id in (${withReason}, ${without}) order by id`;
    expect(rows.map((row) => row.rejection_reason)).toEqual(["Not supported by the sources.", null]);
  });

  it("is refused to the suggestion's author", async () => {
    const [author, suggester] = await Promise.all([createMember(), createMember()]);
    const id = await createEditSuggestion(suggester, await createPost(author));
    const res = await api("POST", `/api/admin/suggestions/${id}/reject`, { token: suggester.token, json: { reason: "Changed my mind" } });
    expect(res.status).toBe(403);
    expect((await sql`select status from public.edit_suggestions where id = ${id}`)[0].status).toBe("pending");
  });
});
