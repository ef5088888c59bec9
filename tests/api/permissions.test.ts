/**
 * SPEC §6 over HTTP: every row of tests/support/permissions.ts (the table the
 * database tests also iterate) tried by a visitor, a member, the author of the
 * post concerned, a moderator and an admin, through the api function with real tokens.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Actor, actors, permissions } from "../support/permissions.ts";
import { sql } from "../support/database.ts";
import { createComment, createEditSuggestion, createPost } from "../support/fixtures.ts";
import {
  allOpenReports,
  api,
  type ApiResponse,
  createAdmin,
  createMember,
  createModerator,
  postForm,
  type SignedInUser,
  validPostFields,
} from "../support/api.ts";

interface World {
  users: Record<Exclude<Actor, "visitor">, SignedInUser>;
  otherAdmin: SignedInUser;
}

/** A fresh cast per actor case, so cooldowns and earlier attempts cannot colour the result. */
async function cast(): Promise<World> {
  const [member, author, moderator, admin, otherAdmin] = await Promise.all([
    createMember({ lastName: "perm-member" }),
    createMember({ lastName: "perm-author" }),
    createModerator(),
    createAdmin(),
    createAdmin(),
  ]);
  return { users: { member, author, moderator, admin }, otherAdmin };
}

const tokenOf = (world: World, actor: Actor) => (actor === "visitor" ? undefined : world.users[actor].token);

/** 2xx: it was allowed. 401/403/404: refused. Anything else is a bug, not a refusal. */
function outcome(res: ApiResponse): boolean {
  if (res.status >= 200 && res.status < 300) return true;
  if ([401, 403, 404].includes(res.status)) {
    expect(res.body).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
    return false;
  }
  throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
}

/** As outcome, where the database answers 409 for a state that refuses the act (a rejected post, a suspended account). */
function outcomeOrConflict(res: ApiResponse): boolean {
  if (res.status === 409) {
    expect(res.body).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
    return false;
  }
  return outcome(res);
}

/** The actor's own account, or a member's for a visitor (whose call is refused before it matters). */
const userOf = (world: World, actor: Actor) => (actor === "visitor" ? world.users.member : world.users[actor]);

const suspendForADay = (user: SignedInUser) =>
  sql`update public.profiles set suspended_until = now() + interval '1 day', suspension_reason = 'Permissions' where id = ${user.id}`;

type Attempt = (world: World, actor: Actor) => Promise<boolean>;

const attempts: Record<string, Attempt> = {
  "read-approved-post": async (w, a) =>
    outcome(await api("GET", `/api/posts/${await createPost(w.users.author)}`, { token: tokenOf(w, a) })),
  "read-pending-post": async (w, a) =>
    outcome(await api("GET", `/api/posts/${await createPost(w.users.author, { status: "pending" })}`, { token: tokenOf(w, a) })),
  "read-rejected-post": async (w, a) =>
    outcome(await api("GET", `/api/posts/${await createPost(w.users.author, { status: "rejected" })}`, { token: tokenOf(w, a) })),
  "read-pending-post-details": async (w, a) => {
    const id = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("GET", `/api/posts/${id}/info-boxes`, { token: tokenOf(w, a) }));
  },
  "read-comments": async (w, a) =>
    outcome(await api("GET", `/api/posts/${await createPost(w.users.author)}/comments`, { token: tokenOf(w, a) })),
  "read-author-names": async (w, a) => {
    const res = await api("GET", `/api/posts/${await createPost(w.users.author)}`, { token: tokenOf(w, a) });
    return outcome(res) && res.body.post.author_name === "Test perm-author";
  },
  "read-post-history": async (w, a) => {
    const postId = await createPost(w.users.author);
    await sql`select private.record_post_revision(${postId}, 'approval', ${w.users.author.id})`;
    const res = await api("GET", `/api/posts/${postId}/revisions`, { token: tokenOf(w, a) });
    return outcome(res) && res.body.revisions.length === 1;
  },
  "change-post-history": async (w, a) => {
    // No call writes history: after every method on its paths, the revision is as it was and alone.
    const postId = await createPost(w.users.author);
    await sql`select private.record_post_revision(${postId}, 'approval', ${w.users.author.id})`;
    const [before] = await sql`select id::int, fields, reason from public.post_revisions where post_id = ${postId}`;
    const body = { json: { reason: "Rewritten", fields: { title: "Rewritten" }, kind: "admin_edit" } };
    for (const path of [`/api/posts/${postId}/revisions`, `/api/posts/${postId}/revisions/${before.id}`]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const res = await api(method, path, { token: tokenOf(w, a), ...body });
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      }
    }
    const after = await sql`select id::int, fields, reason from public.post_revisions where post_id = ${postId}`;
    return after.length !== 1 || JSON.stringify(after[0]) !== JSON.stringify(before);
  },
  "create-post": async (w, a) => outcome(await api("POST", "/api/posts", { token: tokenOf(w, a), form: postForm(validPostFields) })),
  "comment": async (w, a) =>
    outcome(await api("POST", `/api/posts/${await createPost(w.users.author)}/comments`, { token: tokenOf(w, a), json: { content: "Hello" } })),
  "reply": async (w, a) => {
    const postId = await createPost(w.users.author);
    // Someone else wrote the comment: the actor's own comment would start their cooldown.
    const parentId = await createComment(w.otherAdmin, postId);
    return outcome(await api("POST", `/api/posts/${postId}/comments`, { token: tokenOf(w, a), json: { content: "Re", parentId } }));
  },
  "comment-on-pending-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("POST", `/api/posts/${postId}/comments`, { token: tokenOf(w, a), json: { content: "Early" } }));
  },
  "vote-on-post": async (w, a) =>
    outcome(await api("POST", `/api/posts/${await createPost(w.users.author)}/vote`, { token: tokenOf(w, a), json: { voteType: "up" } })),
  "vote-on-comment": async (w, a) => {
    const commentId = await createComment(w.users.author, await createPost(w.users.author));
    return outcome(await api("POST", `/api/comments/${commentId}/vote`, { token: tokenOf(w, a), json: { voteType: "up" } }));
  },
  "vote-on-pending-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("POST", `/api/posts/${postId}/vote`, { token: tokenOf(w, a), json: { voteType: "up" } }));
  },
  "change-another-users-vote": async (w, a) => {
    // The only vote call there is changes the caller's own vote; someone else's must stay as it was.
    const postId = await createPost(w.users.author);
    const victim = await createMember({ lastName: "perm-victim" });
    await api("POST", `/api/posts/${postId}/vote`, { token: victim.token, json: { voteType: "up" } });
    await api("POST", `/api/posts/${postId}/vote`, { token: tokenOf(w, a), json: { voteType: "none" } });
    const [row] = await sql`select vote from public.post_votes where post_id = ${postId} and user_id = ${victim.id}`;
    return row?.vote !== 1;
  },
  "suggest-edit": async (w, a) => {
    const postId = await createPost(w.users.author);
    return outcome(await api("POST", `/api/posts/${postId}/suggestions`, { token: tokenOf(w, a), json: { title: "Sharper", summary: "Title" } }));
  },
  "send-suggestion": async (w, a) =>
    outcome(await api("POST", "/api/suggestions", { token: tokenOf(w, a), json: { suggestion: "More photos please" } })),
  "edit-own-comment": async (w, a) => {
    const owner = a === "visitor" ? w.users.member : w.users[a];
    const commentId = await createComment(owner, await createPost(w.users.author));
    const res = await api("PATCH", `/api/comments/${commentId}`, { token: tokenOf(w, a), json: { content: "Better words" } });
    return outcome(res) && res.body.comment.content === "Better words";
  },
  "delete-own-comment": async (w, a) => {
    const owner = a === "visitor" ? w.users.member : w.users[a];
    const commentId = await createComment(owner, await createPost(w.users.author));
    const res = await api("DELETE", `/api/comments/${commentId}`, { token: tokenOf(w, a) });
    return outcome(res) && (await sql`select 1 from public.comments where id = ${commentId}`).length === 0;
  },
  "edit-another-users-comment": async (w, a) => {
    const commentId = await createComment(w.otherAdmin, await createPost(w.users.author));
    return outcome(await api("PATCH", `/api/comments/${commentId}`, { token: tokenOf(w, a), json: { content: "Not mine" } }));
  },
  "edit-own-pending-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "pending" });
    const form = postForm({ title: "Edited while pending", excerpt: "e", content: "c", tags: "" });
    return outcome(await api("PUT", `/api/posts/${postId}`, { token: tokenOf(w, a), form }));
  },
  "withdraw-own-pending-post": async (w, a) =>
    outcome(await api("DELETE", `/api/posts/${await createPost(w.users.author, { status: "pending" })}`, { token: tokenOf(w, a) })),
  "edit-own-published-post": async (w, a) => {
    const postId = await createPost(w.users.author);
    const form = postForm({ title: "Edited after publication", excerpt: "e", content: "c", tags: "" });
    return outcome(await api("PUT", `/api/posts/${postId}`, { token: tokenOf(w, a), form }));
  },
  "withdraw-another-users-post": async (w, a) =>
    outcome(await api("DELETE", `/api/posts/${await createPost(w.otherAdmin, { status: "pending" })}`, { token: tokenOf(w, a) })),
  "read-own-contributions": async (w, a) => {
    const owner = a === "visitor" ? w.users.member : w.users[a];
    const [sent] = await sql<{ id: string }[]>`insert into public.suggestions (user_id, suggestion) values (${owner.id}, 'Mine') returning id`;
    const res = await api("GET", "/api/me/suggestions", { token: tokenOf(w, a) });
    return outcome(res) && res.body.suggestions.some((s: { id: string }) => s.id === sent.id);
  },
  "read-another-users-contributions": async (w, a) => {
    // /me is always the caller's own: whatever names another user, their suggestion does not appear.
    const other = w.otherAdmin.id;
    const [sent] = await sql<{ id: string }[]>`insert into public.suggestions (user_id, suggestion) values (${other}, 'Theirs') returning id`;
    for (const path of [`/api/me/suggestions?user_id=${other}`, `/api/me/suggestions?uid=${other}`, `/api/me/${other}/suggestions`]) {
      const res = await api("GET", path, { token: tokenOf(w, a) });
      if (outcome(res) && res.body.suggestions.some((s: { id: string }) => s.id === sent.id)) return true;
    }
    return false;
  },
  "delete-own-account": async (w, a) => {
    const owner = a === "visitor" ? w.users.member : w.users[a];
    const res = await api("DELETE", "/api/me", { token: tokenOf(w, a), json: { email: owner.email } });
    const gone = (await sql`select 1 from auth.users where id = ${owner.id}`).length === 0;
    return outcome(res) && gone;
  },
  "export-own-data": async (w, a) => {
    const res = await api("GET", "/api/me/export", { token: tokenOf(w, a) });
    return outcome(res) && a !== "visitor" && res.body.account.id === w.users[a].id;
  },
  "report-post": async (w, a) =>
    outcome(await api("POST", `/api/posts/${await createPost(w.users.author)}/report`, { token: tokenOf(w, a), json: { reason: "spam" } })),
  "report-comment": async (w, a) => {
    const commentId = await createComment(w.otherAdmin, await createPost(w.users.author));
    return outcome(await api("POST", `/api/comments/${commentId}/report`, { token: tokenOf(w, a), json: { reason: "harassment" } }));
  },
  "report-twice": async (w, a) => {
    const path = `/api/posts/${await createPost(w.users.author)}/report`;
    await api("POST", path, { token: tokenOf(w, a), json: { reason: "spam" } });
    const second = await api("POST", path, { token: tokenOf(w, a), json: { reason: "misinformation" } });
    return second.status === 409 ? false : outcome(second);
  },
  "write-while-suspended": async (w, a) => {
    // Suspended by the owner, as an admin's suspension would: admins too, though no admin call can.
    if (a !== "visitor") {
      await sql`update public.profiles set suspended_until = 'infinity', suspension_reason = 'Matrix' where id = ${w.users[a].id}`;
    }
    const postId = await createPost(w.otherAdmin);
    return outcome(await api("POST", `/api/posts/${postId}/comments`, { token: tokenOf(w, a), json: { content: "Hello" } }));
  },
  "write-user-roles": async (w, a) => {
    // No call writes roles: after trying every plausible one, the member is still no admin.
    const target = w.users.member.id;
    for (const path of ["/api/role", "/api/roles", "/api/admin/roles", "/api/user_roles"]) {
      await api("POST", path, { token: tokenOf(w, a), json: { uid: target, role: "admin" } });
    }
    const rows = await sql`select 1 from public.user_roles where user_id = ${target}`;
    return rows.length > 0;
  },
  "read-another-users-roles": async (w, a) => {
    const res = await api("GET", `/api/role?uid=${w.otherAdmin.id}`, { token: tokenOf(w, a) });
    return outcome(res) && res.body.roles.includes("admin");
  },
  "read-name-of-quiet-account": async (w, a) => {
    // Someone who has only suggested an edit: their name reaches the review queue and nowhere else.
    const quiet = await createMember({ lastName: "quiet" });
    const id = await createEditSuggestion(quiet, await createPost(w.users.author));
    const res = await api("GET", "/api/admin/suggestions/pending", { token: tokenOf(w, a) });
    return outcome(res) && res.body.suggestions.some((s: { id: number; user_name: string }) => s.id === id && s.user_name === "Test quiet");
  },
  "read-own-notifications": async (w, a) => {
    const postId = a === "visitor" ? await createPost(w.users.author) : await createPost(w.users[a]);
    await createComment(w.otherAdmin, postId);
    const res = await api("GET", "/api/notifications", { token: tokenOf(w, a) });
    return outcome(res) && res.body.notifications.some((n: { post_id: number }) => n.post_id === postId);
  },
  "read-another-users-notifications": async (w, a) => {
    const victim = await createMember({ lastName: "perm-victim" });
    const postId = await createPost(victim);
    await createComment(w.otherAdmin, postId);
    const res = await api("GET", "/api/notifications", { token: tokenOf(w, a) });
    return outcome(res) && res.body.notifications.some((n: { post_id: number }) => n.post_id === postId);
  },
  "mark-another-users-notifications-read": async (w, a) => {
    const victim = await createMember({ lastName: "perm-victim" });
    await createComment(w.otherAdmin, await createPost(victim));
    const [{ id }] = await sql`select id::int from public.notifications where recipient_id = ${victim.id}`;
    await api("POST", "/api/notifications/read", { token: tokenOf(w, a), json: { ids: [id] } });
    await api("POST", "/api/notifications/read", { token: tokenOf(w, a) });
    const [row] = await sql`select read_at from public.notifications where id = ${id}`;
    return row.read_at !== null;
  },
  "edit-post": async (w, a) => {
    const postId = await createPost(w.users.author);
    const form = postForm({ title: "Edited", excerpt: "e", content: "c", tags: "" });
    return outcome(await api("PUT", `/api/posts/${postId}`, { token: tokenOf(w, a), form }));
  },
  "approve-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("POST", `/api/admin/posts/${postId}/approve`, { token: tokenOf(w, a) }));
  },
  "reject-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("POST", `/api/admin/posts/${postId}/reject`, { token: tokenOf(w, a) }));
  },
  "pin-post": async (w, a) =>
    outcome(await api("POST", `/api/posts/${await createPost(w.users.author)}/unpin`, { token: tokenOf(w, a) })),
  "mark-important": async (w, a) =>
    outcome(await api("POST", `/api/posts/${await createPost(w.users.author)}/mark_important`, { token: tokenOf(w, a) })),
  "delete-post": async (w, a) =>
    outcome(await api("DELETE", `/api/posts/${await createPost(w.users.author)}`, { token: tokenOf(w, a) })),
  "delete-comment": async (w, a) => {
    // Someone else's comment: its own author may delete it too (delete-own-comment).
    const commentId = await createComment(w.otherAdmin, await createPost(w.users.author));
    return outcome(await api("DELETE", `/api/comments/${commentId}`, { token: tokenOf(w, a) }));
  },
  "read-edit-suggestions": async (w, a) =>
    outcome(await api("GET", "/api/admin/suggestions/pending", { token: tokenOf(w, a) })),
  "approve-edit-suggestion": async (w, a) => {
    const id = await createEditSuggestion(w.users.member, await createPost(w.users.author));
    return outcome(await api("POST", `/api/admin/suggestions/${id}/approve`, { token: tokenOf(w, a) }));
  },
  "reject-edit-suggestion": async (w, a) => {
    const id = await createEditSuggestion(w.users.member, await createPost(w.users.author));
    return outcome(await api("POST", `/api/admin/suggestions/${id}/reject`, { token: tokenOf(w, a) }));
  },
  "read-general-suggestions": async (w, a) => outcome(await api("GET", "/api/admin/suggestions", { token: tokenOf(w, a) })),
  "mark-general-suggestion": async (w, a) => {
    const [sent] = await sql<{ id: string }[]>`insert into public.suggestions (user_id, suggestion) values (${w.users.member.id}, 'Mark me') returning id`;
    return outcome(await api("PATCH", `/api/admin/suggestions/${sent.id}`, { token: tokenOf(w, a), json: { status: "reviewed" } }));
  },
  "read-moderation-log": async (w, a) => outcome(await api("GET", "/api/admin/moderation-log", { token: tokenOf(w, a) })),
  "read-link-health": async (w, a) => {
    const res = await api("GET", "/api/admin/link-health", { token: tokenOf(w, a) });
    return outcome(res) && Array.isArray(res.body.sources);
  },
  "download-unpublished-posts": async (w, a) => {
    const title = `Unpublished download ${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    const ids = await Promise.all((["pending", "rejected"] as const).map((status) => createPost(w.users.author, { title, status })));
    const list = await api("GET", `/api/export/posts?format=json&search=${encodeURIComponent(title)}`, { token: tokenOf(w, a) });
    const archive = await api("GET", "/api/export/archive.jsonl", { token: tokenOf(w, a) });
    // One line would parse whole; more stay text.
    const archived = typeof archive.body === "string" ? archive.body.trim().split("\n").map((line) => JSON.parse(line)) : [archive.body];
    return outcome(list) && outcome(archive) &&
      [...list.body, ...archived].some((post: { id: number }) => ids.includes(post.id));
  },
  "read-reports": async (w, a) => {
    const postId = await createPost(w.users.author);
    await sql`insert into public.reports (reporter_id, post_id, reason) values (${w.otherAdmin.id}, ${postId}, 'spam')`;
    const res = await allOpenReports(tokenOf(w, a));
    return outcome(res) && res.body.reports.some((item: { post_id: number }) => item.post_id === postId);
  },
  "close-reports": async (w, a) => {
    const postId = await createPost(w.users.author);
    const [report] = await sql<{ id: string }[]>`
      insert into public.reports (reporter_id, post_id, reason) values (${w.otherAdmin.id}, ${postId}, 'spam') returning id`;
    return outcome(await api("POST", `/api/admin/reports/${report.id}/dismiss`, { token: tokenOf(w, a) }));
  },
  "hide-revision": async (w, a) => {
    const postId = await createPost(w.users.author);
    await sql`select private.record_post_revision(${postId}, 'approval', ${w.users.author.id})`;
    await sql`select private.record_post_revision(${postId}, 'admin_edit', null, 'A second revision')`;
    const [older] = await sql`select min(id)::int as id from public.post_revisions where post_id = ${postId}`;
    return outcome(await api("POST", `/api/admin/revisions/${older.id}/hide`, { token: tokenOf(w, a), json: { reason: "Defamatory" } }));
  },
  "suspend-member": async (w, a) => {
    const target = await createMember({ lastName: "perm-suspended" });
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    return outcome(await api("POST", `/api/admin/users/${target.id}/suspend`, { token: tokenOf(w, a), json: { until, reason: "Spam" } }));
  },
  "suspend-member-long": async (w, a) => {
    const target = await createMember({ lastName: "perm-suspended" });
    return outcome(await api("POST", `/api/admin/users/${target.id}/suspend`, { token: tokenOf(w, a), json: { until: null, reason: "Spam" } }));
  },
  "change-role": async (w, a) => {
    const target = await createMember({ lastName: "perm-promoted" });
    return outcome(
      await api("POST", `/api/admin/people/${target.id}/role`, { token: tokenOf(w, a), json: { role: "moderator", reason: "Trusted" } }),
    );
  },
  "read-people": async (w, a) => {
    const res = await api("GET", `/api/admin/people?q=${encodeURIComponent(w.users.member.email)}`, { token: tokenOf(w, a) });
    return outcome(res) && res.body.people[0]?.email === w.users.member.email;
  },
  "invite-person": async (w, a) => {
    const email = `perm-invitee-${crypto.randomUUID()}@test.example.com`;
    return outcome(await api("POST", "/api/admin/people/invite", { token: tokenOf(w, a), json: { email, role: "moderator" } }));
  },
  "accept-own-invitation": async (w, a) => {
    if (a !== "visitor") {
      const user = w.users[a];
      await sql`insert into public.invitations (email, user_id, role, invited_by) values (${user.email}, ${user.id}, 'moderator', ${w.otherAdmin.id})`;
    }
    const res = await api("POST", "/api/me/invitation", { token: tokenOf(w, a), json: { firstName: "Ina", lastName: "Vite", adultConfirmed: true } });
    return outcome(res) && res.body.role === "moderator";
  },
  "accept-another-users-invitation": async (w, a) => {
    const invitee = await createMember({ lastName: "perm-invitee" });
    const [invitation] = await sql<{ id: string }[]>`
      insert into public.invitations (email, user_id, role, invited_by) values (${invitee.email}, ${invitee.id}, 'admin', ${w.otherAdmin.id}) returning id`;
    const res = await api("POST", "/api/me/invitation", { token: tokenOf(w, a), json: { firstName: "Ina", lastName: "Vite", adultConfirmed: true } });
    const [row] = await sql`select accepted_at from public.invitations where id = ${invitation.id}`;
    return outcome(res) || row.accepted_at !== null;
  },
  "read-suggestion-sender-address": async (w, a) => {
    const [sent] = await sql<{ id: string }[]>`insert into public.suggestions (user_id, suggestion) values (${w.users.member.id}, 'Whose?') returning id`;
    const res = await api("GET", "/api/admin/suggestions", { token: tokenOf(w, a) });
    return outcome(res) && res.body.suggestions.some((s: { id: string; userEmail: string | null }) => s.id === sent.id && s.userEmail === w.users.member.email);
  },
  "review-own-post": async (w, a) => {
    const postId = await createPost(userOf(w, a), { status: "pending" });
    return outcome(await api("POST", `/api/admin/posts/${postId}/approve`, { token: tokenOf(w, a) }));
  },
  "approve-own-edit-suggestion": async (w, a) => {
    const id = await createEditSuggestion(userOf(w, a), await createPost(w.users.author));
    return outcome(await api("POST", `/api/admin/suggestions/${id}/approve`, { token: tokenOf(w, a) }));
  },
  "edit-rejected-post": async (w, a) => {
    const postId = await createPost(w.users.author, { status: "rejected" });
    const form = postForm({ title: "Edited after rejection", excerpt: "e", content: "c", tags: "" });
    return outcomeOrConflict(await api("PUT", `/api/posts/${postId}`, { token: tokenOf(w, a), form }));
  },
  "shorten-long-suspension": async (w, a) => {
    const target = await createMember({ lastName: "perm-suspended-for-good" });
    await sql`update public.profiles set suspended_until = 'infinity', suspension_reason = 'For good' where id = ${target.id}`;
    const until = new Date(Date.now() + 60_000).toISOString();
    return outcome(await api("POST", `/api/admin/users/${target.id}/suspend`, { token: tokenOf(w, a), json: { until, reason: "Shorter" } }));
  },
  "read-hidden-revision-quotes": async (w, a) => {
    // A pending suggestion made while the post's first revision stood, which an admin then hid.
    const postId = await createPost(w.users.author, { title: "Words an admin will hide" });
    await sql`select private.record_post_revision(${postId}, 'approval', ${w.users.author.id})`;
    const suggestion = await createEditSuggestion(w.otherAdmin, postId);
    await sql`update public.posts set title = 'Words as they stand' where id = ${postId}`;
    await sql`select private.record_post_revision(${postId}, 'admin_edit', null, 'Edited')`;
    const [first] = await sql`select min(id)::int as id from public.post_revisions where post_id = ${postId}`;
    const hidden = await api("POST", `/api/admin/revisions/${first.id}/hide`, { token: w.otherAdmin.token, json: { reason: "Defamatory" } });
    expect(hidden.status).toBe(200);
    const res = await api("GET", "/api/admin/suggestions/pending", { token: tokenOf(w, a) });
    return outcome(res) && res.body.suggestions.some((s: { id: number }) => s.id === suggestion);
  },
  "accept-invitation-while-suspended": async (w, a) => {
    if (a !== "visitor") {
      const user = w.users[a];
      await sql`insert into public.invitations (email, user_id, role, invited_by) values (${user.email}, ${user.id}, 'moderator', ${w.otherAdmin.id})`;
      await suspendForADay(user);
    }
    const res = await api("POST", "/api/me/invitation", { token: tokenOf(w, a), json: { firstName: "Ina", lastName: "Vite", adultConfirmed: true } });
    return outcomeOrConflict(res);
  },
  "moderate-while-suspended": async (w, a) => {
    if (a !== "visitor") await suspendForADay(w.users[a]);
    const postId = await createPost(w.users.author, { status: "pending" });
    return outcome(await api("POST", `/api/admin/posts/${postId}/approve`, { token: tokenOf(w, a) }));
  },
  "follow-post": async (w, a) =>
    outcome(await api("PUT", `/api/follows/posts/${await createPost(w.users.author)}`, { token: tokenOf(w, a) })),
  "follow-pending-post": async (w, a) =>
    outcome(await api("PUT", `/api/follows/posts/${await createPost(w.users.author, { status: "pending" })}`, { token: tokenOf(w, a) })),
  "follow-tag": async (w, a) => outcome(await api("PUT", "/api/follows/tags/permissions", { token: tokenOf(w, a) })),
  "follow-author": async (w, a) => {
    await createPost(w.otherAdmin);
    return outcome(await api("PUT", `/api/follows/authors/${w.otherAdmin.id}`, { token: tokenOf(w, a) }));
  },
  "follow-author-without-public-page": async (w, a) => {
    const quiet = await createMember({ lastName: "perm-quiet" });
    return outcome(await api("PUT", `/api/follows/authors/${quiet.id}`, { token: tokenOf(w, a) }));
  },
  "follow-while-suspended": async (w, a) => {
    if (a !== "visitor") await suspendForADay(w.users[a]);
    return outcome(await api("PUT", "/api/follows/tags/permissions", { token: tokenOf(w, a) }));
  },
  "read-another-users-follows": async (w, a) => {
    const victim = await createMember({ lastName: "perm-victim" });
    await sql`insert into public.tag_follows (member_id, tag) values (${victim.id}, 'followed-by-the-victim')`;
    const res = await api("GET", "/api/me/follows", { token: tokenOf(w, a) });
    return outcome(res) && res.body.tags.some((t: { tag: string }) => t.tag === "followed-by-the-victim");
  },
  "change-another-users-follows": async (w, a) => {
    // The calls change only the caller's own follows: the victim's must stay.
    const victim = await createMember({ lastName: "perm-victim" });
    await sql`insert into public.tag_follows (member_id, tag) values (${victim.id}, 'followed-by-the-victim')`;
    await api("DELETE", "/api/follows/tags/followed-by-the-victim", { token: tokenOf(w, a) });
    const rows = await sql`select 1 from public.tag_follows where member_id = ${victim.id}`;
    return rows.length !== 1;
  },
  "change-own-notification-settings": async (w, a) =>
    outcome(await api("PUT", "/api/me/notification-settings", {
      token: tokenOf(w, a),
      json: { topics: [{ topic: "comments", delivery: "bell" }], digest: { timeZone: "Europe/Lisbon", hour: 6 } },
    })),
  "read-another-users-notification-settings": async (w, a) => {
    const victim = await createMember({ lastName: "perm-victim" });
    await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${victim.id}, 'Asia/Tokyo', 5)`;
    const res = await api("GET", "/api/me/notification-settings", { token: tokenOf(w, a) });
    return outcome(res) && res.body.digest.timeZone === "Asia/Tokyo";
  },
  "change-another-users-notification-settings": async (w, a) => {
    const victim = await createMember({ lastName: "perm-victim" });
    await sql`insert into public.notification_preferences (member_id, topic, delivery) values (${victim.id}, 'replies', 'bell')`;
    await api("PUT", "/api/me/notification-settings", { token: tokenOf(w, a), json: { topics: [{ topic: "replies", delivery: "digest" }] } });
    const [row] = await sql`select delivery from public.notification_preferences where member_id = ${victim.id}`;
    return row?.delivery !== "bell";
  },
  "read-last-backup": async (w, a) => {
    await sql`insert into private.backups (created_at, file_name, bytes, sha256, tables, objects)
              values (now(), 'archive-backup-permissions.tar.gz.age', 2048, ${"f".repeat(64)}, 40, 6)`;
    const res = await api("GET", "/api/admin/backups/latest", { token: tokenOf(w, a) });
    return outcome(res) && typeof res.body.backup?.fileName === "string";
  },
  "read-people-log-entries": async (w, a) => {
    const [entry] = await sql<{ id: string }[]>`
      insert into public.moderation_log (actor_id, action, details) values (${w.otherAdmin.id}, 'change_role', '{"to": "moderator"}') returning id`;
    const res = await api("GET", "/api/admin/moderation-log", { token: tokenOf(w, a) });
    return outcome(res) && res.body.entries.some((e: { id: number }) => e.id === Number(entry.id));
  },
};

/** Rows about what the database allows its own callers, with no API call to try them through. */
const databaseOnly: Record<string, string> = {
  "read-post-reviewer":
    "the API's posts name no reviewer (private.post_json lists their fields); admins read it in the moderation log (read-moderation-log)",
  "add-to-submitted-post":
    "over HTTP this is an edit of a pending post (edit-own-pending-post, edit-post); the row is about the tables, which PostgREST reaches",
  "write-post-directly": "the API writes no table directly; PostgREST would (tests/db/permissions.test.ts runs its SQL)",
  "delete-comment-directly": "the API writes no table directly; PostgREST would (tests/db/permissions.test.ts runs its SQL)",
  "read-account-details": "no API call returns a profile's first and last name or sign-up time; only display names appear",
  "publish-post-directly":
    "the API creates every post pending, admins' too (SPEC §1); tests/api/posts-create.test.ts checks that",
};

it("covers every action of the permission table", () => {
  expect([...Object.keys(attempts), ...Object.keys(databaseOnly)].sort()).toEqual(permissions.map((p) => p.id).sort());
});

describe.each(permissions.filter((p) => !(p.id in databaseOnly)))("$description", (permission) => {
  let world: World;
  beforeAll(async () => {
    world = await cast();
  });

  it.each(actors)(`%s`, async (actor) => {
    const attempt = attempts[permission.id];
    expect(await attempt(world, actor)).toBe(permission.allowed[actor]);
  });
});
