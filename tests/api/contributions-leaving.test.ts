/**
 * Leaving: DELETE /api/me (confirmed by the account's e-mail address) and
 * GET /api/me/export (everything the archive holds about the caller).
 */
import { describe, expect, it } from "vitest";
import { newClient } from "../../local-stack/test/env.ts";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";

const PASSWORD = "test-password-1";

describe("DELETE /api/me", () => {
  it("refuses a visitor, a missing e-mail and someone else's e-mail, and keeps the account", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    expect((await api("DELETE", "/api/me", { json: { email: member.email } })).status).toBe(401);
    const missing = await api("DELETE", "/api/me", { token: member.token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.detail ?? missing.body.error).toBe("Type your e-mail address to confirm.");
    const wrong = await api("DELETE", "/api/me", { token: member.token, json: { email: other.email } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail ?? wrong.body.error).toBe("The e-mail address does not match your account. Type it exactly as you sign in with it.");
    expect(await sql`select 1 from auth.users where id in (${member.id}, ${other.id})`).toHaveLength(2);
  });

  it("deletes the account, its profile and votes; posts and comments stay under \"Deleted user\"; counters stay exact; no more sign-in", async () => {
    const [leaver, author] = await Promise.all([createMember({ lastName: "leaver" }), createMember({ lastName: "stayer" })]);
    const ownPost = await createPost(leaver, { title: "A post that outlives its author" });
    const otherPost = await createPost(author);
    const comment = await createComment(leaver, otherPost, { content: "A comment that stays." });
    const authorsComment = await createComment(author, otherPost);
    expect((await api("POST", `/api/posts/${otherPost}/vote`, { token: leaver.token, json: { voteType: "up" } })).status).toBe(200);
    expect((await api("POST", `/api/posts/${otherPost}/vote`, { token: author.token, json: { voteType: "down" } })).status).toBe(200);
    expect((await api("POST", `/api/comments/${authorsComment}/vote`, { token: leaver.token, json: { voteType: "down" } })).status).toBe(200);
    await sql`insert into public.suggestions (user_id, suggestion) values (${leaver.id}, 'Goodbye')`;

    const res = await api("DELETE", "/api/me", { token: leaver.token, json: { email: `  ${leaver.email.toUpperCase()} ` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Your account has been deleted." });

    expect(await sql`select 1 from auth.users where id = ${leaver.id}`).toHaveLength(0);
    expect(await sql`select 1 from public.profiles where id = ${leaver.id}`).toHaveLength(0);
    expect(await sql`select 1 from public.post_votes where user_id = ${leaver.id}`).toHaveLength(0);
    expect(await sql`select 1 from public.suggestions where user_id = ${leaver.id}`).toHaveLength(0);
    const [counts] = await sql`select upvotes, downvotes from private.post_cards where post_id = ${otherPost}`;
    expect(counts).toEqual({ upvotes: 0, downvotes: 1 });
    expect((await sql`select downvotes from public.comments where id = ${authorsComment}`)[0].downvotes).toBe(0);

    const post = await api("GET", `/api/posts/${ownPost}`);
    expect(post.status).toBe(200);
    expect(post.body.post).toMatchObject({ title: "A post that outlives its author", author_name: "Deleted user" });
    const comments = await api("GET", `/api/posts/${otherPost}/comments`);
    expect(comments.body.comments.find((c: { id: number }) => c.id === comment)).toMatchObject({
      content: "A comment that stays.",
      author_name: "Deleted user",
    });

    const { error } = await newClient().auth.signInWithPassword({ email: leaver.email, password: PASSWORD });
    expect(error).not.toBeNull();
  });
});

describe("GET /api/me/export", () => {
  it("is a JSON file of everything about the caller, and only the caller", async () => {
    const [member, other] = await Promise.all([createMember({ firstName: "Ex", lastName: "Porter" }), createMember()]);
    const postId = await createPost(member, { title: "Exported post", status: "rejected" });
    const theirPost = await createPost(other, { title: "Not mine" });
    const commentId = await createComment(member, theirPost, { content: "Exported comment" });
    await createComment(other, theirPost, { content: "Not my comment" });
    await sql`insert into public.post_votes (post_id, user_id, vote) values (${theirPost}, ${member.id}, 1)`;
    await sql`insert into public.edit_suggestions (post_id, user_id, summary, changes) values (${theirPost}, ${member.id}, 'Exported edit', '{"title": "Better"}')`;
    await sql`insert into public.suggestions (user_id, suggestion) values (${member.id}, 'Exported suggestion'), (${other.id}, 'Not my suggestion')`;

    const res = await api("GET", "/api/me/export", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="archive-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.account).toMatchObject({ id: member.id, email: member.email });
    expect(res.body.profile).toMatchObject({ first_name: "Ex", last_name: "Porter", display_name: "Ex Porter" });
    expect(res.body.posts.map((p: { id: number; title: string; status: string }) => [p.id, p.title, p.status])).toEqual([[postId, "Exported post", "rejected"]]);
    expect(res.body.comments.map((c: { id: number; content: string }) => [c.id, c.content])).toEqual([[commentId, "Exported comment"]]);
    expect(res.body.post_votes).toEqual([expect.objectContaining({ post_id: theirPost, vote: "up" })]);
    expect(res.body.comment_votes).toEqual([]);
    expect(res.body.edit_suggestions).toEqual([expect.objectContaining({ summary: "Exported edit", changes: { title: "Better" }, status: "pending" })]);
    expect(res.body.suggestions).toEqual([expect.objectContaining({ suggestion: "Exported suggestion" })]);
    expect(JSON.stringify(res.body)).not.toContain(other.email);
    expect(JSON.stringify(res.body)).not.toContain("Not my");
  });

  it("is refused to a visitor", async () => {
    expect((await api("GET", "/api/me/export")).status).toBe(401);
  });
});
