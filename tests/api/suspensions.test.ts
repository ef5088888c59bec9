/**
 * Suspensions over HTTP: an admin suspends a member for a period or for good
 * and lifts it; the member can still read, and every write answers 403 with
 * the database's message that says until when.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";

let admin: SignedInUser;
let author: SignedInUser;
let postId: number;
let commentId: number;

beforeAll(async () => {
  [admin, author] = await Promise.all([createAdmin(), createMember({ lastName: "suspension-author" })]);
  postId = await createPost(author);
  commentId = await createComment(author, postId);
});

const suspend = (id: string, json: unknown, token = admin.token) => api("POST", `/api/admin/users/${id}/suspend`, { token, json });

describe("a suspended member", () => {
  let member: SignedInUser;
  const message = "Your account is suspended until 30 November 2036: Spam in the comments.";
  beforeAll(async () => {
    member = await createMember();
    const res = await suspend(member.id, { until: "2036-11-30T12:00:00Z", reason: "Spam in the comments" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, until: "2036-11-30T12:00:00.000Z", message: "The member is suspended." });
  });

  const writes: [string, string, string, () => { json?: unknown; form?: FormData }][] = [
    ["a post", "POST", "/api/posts", () => ({ form: postForm(validPostFields) })],
    ["a comment", "POST", "/api/posts/:post/comments", () => ({ json: { content: "Hello" } })],
    ["a post vote", "POST", "/api/posts/:post/vote", () => ({ json: { voteType: "up" } })],
    ["a comment vote", "POST", "/api/comments/:comment/vote", () => ({ json: { voteType: "up" } })],
    ["an edit suggestion", "POST", "/api/posts/:post/suggestions", () => ({ json: { title: "Better", summary: "Title" } })],
    ["a general suggestion", "POST", "/api/suggestions", () => ({ json: { suggestion: "More photos" } })],
    ["a report", "POST", "/api/posts/:post/report", () => ({ json: { reason: "spam" } })],
  ];

  it.each(writes)("cannot send %s", async (_, method, path, body) => {
    const res = await api(method, path.replace(":post", String(postId)).replace(":comment", String(commentId)), { token: member.token, ...body() });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(message);
  });

  it("still reads posts and comments", async () => {
    expect((await api("GET", `/api/posts/${postId}`, { token: member.token })).status).toBe(200);
    expect((await api("GET", `/api/posts/${postId}/comments`, { token: member.token })).status).toBe(200);
  });
});

describe("suspending and lifting", () => {
  it("for good (until null), then lifted: the member comments again; both logged", async () => {
    const member = await createMember();
    const res = await suspend(member.id, { until: null, reason: "Threats" });
    expect(res.body).toMatchObject({ until: null, message: "The member is suspended for good." });
    const refused = await api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "Hi" } });
    expect(refused.body.error).toBe("Your account is suspended: Threats.");

    const lifted = await api("POST", `/api/admin/users/${member.id}/unsuspend`, { token: admin.token });
    expect(lifted.body).toEqual({ success: true, message: "The suspension is lifted." });
    expect((await api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "Hi" } })).status).toBe(201);
    const actions = await sql`select action from public.moderation_log where details ->> 'user_id' = ${member.id} order by id`;
    expect(actions.map((a) => a.action)).toEqual(["suspend_user", "unsuspend_user"]);

    const again = await api("POST", `/api/admin/users/${member.id}/unsuspend`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This member is not suspended.");
  });

  it("refuses admins as targets, a missing reason, a past end, a bad date and an unknown member", async () => {
    const [member, otherAdmin] = await Promise.all([createMember(), createAdmin()]);
    const cases: [string, unknown, number, string][] = [
      [otherAdmin.id, { until: null, reason: "No" }, 409, "Admins cannot be suspended."],
      [member.id, { until: null, reason: " " }, 400, "Please give the reason for the suspension; the member will see it."],
      [member.id, { until: "2001-01-01T00:00:00Z", reason: "Old" }, 400, "A suspension must end in the future."],
      [member.id, { until: "next week", reason: "Soon" }, 400, "until must be an ISO date and time, or null for good."],
      [member.id, { reason: "No end" }, 400, "until must be an ISO date and time, or null for good."],
      ["00000000-0000-4000-8000-000000000000", { until: null, reason: "Ghost" }, 404, "Member not found."],
      ["not-a-uuid", { until: null, reason: "Ghost" }, 404, "Member not found."],
    ];
    for (const [id, json, status, error] of cases) {
      const res = await suspend(id, json);
      expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
    }
  });

  it("the author lookup says whether and until when its author is suspended, so an admin can lift it", async () => {
    const suspendedAuthor = await createMember({ lastName: "suspended-author" });
    const ownPost = await createPost(suspendedAuthor);
    expect((await suspend(suspendedAuthor.id, { until: "2036-11-30T12:00:00Z", reason: "Spam" })).status).toBe(200);
    const timed = await api("GET", `/api/admin/posts/${ownPost}/author`, { token: admin.token });
    expect(timed.body.author.suspension).toEqual({ until: "2036-11-30T12:00:00.000Z", reason: "Spam" });
    expect((await suspend(suspendedAuthor.id, { until: null, reason: "For good" })).status).toBe(200);
    const forGood = await api("GET", `/api/admin/posts/${ownPost}/author`, { token: admin.token });
    expect(forGood.body.author.suspension).toEqual({ until: null, reason: "For good" });
    expect((await api("POST", `/api/admin/users/${suspendedAuthor.id}/unsuspend`, { token: admin.token })).status).toBe(200);
    expect((await api("GET", `/api/admin/posts/${ownPost}/author`, { token: admin.token })).body.author.suspension).toBeNull();
  });

  it("members and visitors cannot suspend or lift", async () => {
    const [member, target] = await Promise.all([createMember(), createMember()]);
    const byMember = await suspend(target.id, { until: null, reason: "No" }, member.token);
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe("Moderator access required.");
    expect((await api("POST", `/api/admin/users/${target.id}/suspend`, { json: { until: null, reason: "No" } })).status).toBe(401);
    expect((await api("POST", `/api/admin/users/${target.id}/unsuspend`, { token: member.token })).status).toBe(403);
    const [profile] = await sql`select suspended_until from public.profiles where id = ${target.id}`;
    expect(profile.suspended_until).toBeNull();
  });
});

describe("whom a suspension from a post or a comment is about", () => {
  it("admins read the author of a post or a comment; others are refused", async () => {
    const res = await api("GET", `/api/admin/posts/${postId}/author`, { token: admin.token });
    expect(res.body).toEqual({ author: { id: author.id, name: "Test suspension-author", suspension: null } });
    expect((await api("GET", `/api/admin/comments/${commentId}/author`, { token: admin.token })).body.author.id).toBe(author.id);
    expect((await api("GET", "/api/admin/comments/999999999/author", { token: admin.token })).status).toBe(404);
    const member = await createMember();
    const refused = await api("GET", `/api/admin/posts/${postId}/author`, { token: member.token });
    expect(refused.status).toBe(403);
    expect((await api("GET", `/api/admin/posts/${postId}/author`)).status).toBe(401);
  });
});
