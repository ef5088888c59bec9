/**
 * The role matrix of tests/support/permissions.ts, enforced by the database:
 * each action is tried as visitor, member, author, moderator and admin
 * through role + claims (as the API runs), always rolled back.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type Actor, permissionCases, permissions } from "../support/permissions.ts";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, type Caller, createAdmin, createMember, createModerator, succeeds } from "../support/callers.ts";
import { allOpenReports } from "../support/report-queue.ts";
import { suggestionBox } from "../support/suggestion-box.ts";

interface World {
  /** other is a moderator too (another user's roles to read); suspendee a plain member. */
  users: Record<Exclude<Actor, "visitor">, TestUser> & { other: TestUser; suspendee: TestUser };
  approvedPost: number;
  pendingPost: number;
  rejectedPost: number;
  comment: number;
  otherEditSuggestion: string | number;
  otherSuggestion: string;
  otherNotification: number;
  otherReport: number;
  revision: number;
  /** A revision with a newer one after it, so it can be hidden. */
  olderRevision: number;
  /** A comment of each signed-in actor's own, by user id. */
  ownComments: Record<string, number>;
  /** A pending post by someone else than the actors. */
  otherPendingPost: number;
  /** An invitation waiting for an address none of the actors has. */
  otherInvitation: number;
  /** A pending post and an edit suggestion (of approvedPost) of each signed-in actor's own, by user id. */
  ownPendingPosts: Record<string, number>;
  ownEditSuggestions: Record<string, number>;
  /** A member suspended for good. */
  suspendedForGood: TestUser;
  /** A post whose approval and applied suggestion an admin hid: the suggestion that made it and one quoting it. */
  hidden: { post: number; madeIt: number; quotesIt: number };
}

let world: World;
const pendingMediaPath = `matrix-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.png`;

beforeAll(async () => {
  const [member, author, moderator, admin, other, suspendee] = await Promise.all([
    createMember({ firstName: "Mia", lastName: "Member" }),
    createMember({ firstName: "Aru", lastName: "Author" }),
    createModerator({ firstName: "Mo", lastName: "Moderator" }),
    createAdmin({ firstName: "Ada", lastName: "Admin" }),
    createMember({ firstName: "Oto", lastName: "Other" }),
    createMember({ firstName: "Sue", lastName: "Suspendee" }),
  ]);
  const approvedPost = await createPost(author, { title: "Matrix approved post", tags: ["matrix"] });
  const pendingPost = await createPost(author, { title: "Matrix pending post", status: "pending" });
  const rejectedPost = await createPost(author, { title: "Matrix rejected post", status: "rejected" });
  await sql`insert into public.info_boxes (post_id, title, content) values (${pendingPost}, 'Box', '{"k": "v"}')`;
  await sql`insert into public.post_media (post_id, object_path, media_type) values (${pendingPost}, ${pendingMediaPath}, 'image')`;
  const comment = await createComment(other, approvedPost, { content: "A comment by someone else." });
  await sql`insert into public.post_votes (post_id, user_id, vote) values (${approvedPost}, ${other.id}, 1)`;
  await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${comment}, ${other.id}, 1)`;
  await sql`insert into public.user_roles (user_id, role) values (${other.id}, 'moderator')`;
  const [editSuggestion] = await sql<{ id: number }[]>`
    insert into public.edit_suggestions (post_id, user_id, summary, changes)
    values (${approvedPost}, ${other.id}, 'Better title', '{"title": "A better matrix title"}') returning id`;
  const [suggestion] = await sql<{ id: string }[]>`
    insert into public.suggestions (user_id, suggestion) values (${other.id}, 'Matrix suggestion') returning id`;
  await sql`insert into public.moderation_log (actor_id, action, post_id) values (${admin.id}, 'approve_post', ${approvedPost})`;
  const notifications = await sql<{ id: string; recipient_id: string }[]>`
    insert into public.notifications (recipient_id, kind, post_id, post_title)
    select recipient, 'post_published', ${approvedPost}, 'Matrix approved post'
    from unnest(${[member.id, author.id, moderator.id, admin.id, other.id]}::uuid[]) as recipient
    returning id, recipient_id`;
  const [report] = await sql<{ id: string }[]>`
    insert into public.reports (reporter_id, post_id, comment_id, reason) values (${other.id}, ${approvedPost}, ${comment}, 'spam') returning id`;
  await sql`select private.record_post_revision(${approvedPost}, 'approval', ${author.id})`;
  const [revision] = await sql<{ id: string }[]>`select id from public.post_revisions where post_id = ${approvedPost}`;
  const historyPost = await createPost(author, { title: "Matrix post with history" });
  await sql`select private.record_post_revision(${historyPost}, 'approval', ${author.id})`;
  await sql`select private.record_post_revision(${historyPost}, 'admin_edit', null, 'A second revision')`;
  const [olderRevision] = await sql<{ id: string }[]>`select min(id) as id from public.post_revisions where post_id = ${historyPost}`;
  const ownComments = Object.fromEntries(await Promise.all([member, author, moderator, admin].map(async (user) =>
    [user.id, await createComment(user, approvedPost, { content: "My own words." })] as const)));
  const otherPendingPost = await createPost(other, { title: "Matrix pending post of someone else", status: "pending" });
  // An invitation waits for every signed-in actor, and one for someone else.
  await sql`insert into public.invitations (email, user_id, role, invited_by)
            select u.email, u.id, 'moderator', ${admin.id} from auth.users u
            where u.id = any(${[member.id, author.id, moderator.id, admin.id, suspendee.id]}::uuid[])`;
  const [otherInvitation] = await sql<{ id: string }[]>`
    insert into public.invitations (email, role, invited_by) values (${`matrix-other-${other.id}@test.example.com`}, 'admin', ${admin.id}) returning id`;
  await sql`insert into public.moderation_log (actor_id, action, details)
            values (${admin.id}, 'change_role', ${sql.json({ user_id: other.id, from: "member", to: "moderator", reason: "Matrix" })})`;
  const signedIn = [member, author, moderator, admin];
  const ownPendingPosts = Object.fromEntries(await Promise.all(signedIn.map(async (user) =>
    [user.id, await createPost(user, { title: "My own pending post", status: "pending" })] as const)));
  const ownEditSuggestions = Object.fromEntries(await Promise.all(signedIn.map(async (user) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes)
      values (${approvedPost}, ${user.id}, 'My own', ${sql.json({ title: `My own title ${user.id}` })}) returning id`;
    return [user.id, Number(row.id)] as const;
  })));
  const suspendedForGood = await createMember({ firstName: "Sid", lastName: "Suspended" });
  await sql`update public.profiles set suspended_until = 'infinity', suspension_reason = 'Matrix' where id = ${suspendedForGood.id}`;
  const hidden = await postWithHiddenRevisions(author, other, admin);
  // What another user follows and how they hear of things, for the rows about others' follows and settings.
  await sql`insert into public.post_follows (member_id, post_id) values (${other.id}, ${approvedPost})`;
  await sql`insert into public.tag_follows (member_id, tag) values (${other.id}, 'matrix')`;
  await sql`insert into public.author_follows (member_id, author_id) values (${other.id}, ${author.id})`;
  await sql`insert into public.notification_preferences (member_id, topic, delivery) values (${other.id}, 'replies', 'bell')`;
  await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${other.id}, 'Europe/Berlin', 7)`;
  await sql`insert into private.backups (created_at, file_name, bytes, sha256, tables, objects)
            values (now(), 'archive-backup-matrix.tar.gz.age', 1024, ${"0".repeat(64)}, 40, 6)`;
  world = {
    ownPendingPosts,
    ownEditSuggestions,
    suspendedForGood,
    hidden,
    users: { member, author, moderator, admin, other, suspendee },
    otherInvitation: Number(otherInvitation.id),
    approvedPost,
    pendingPost,
    rejectedPost,
    comment,
    otherEditSuggestion: Number(editSuggestion.id),
    otherSuggestion: suggestion.id,
    otherNotification: Number(notifications.find((row) => row.recipient_id === other.id)!.id),
    otherReport: Number(report.id),
    revision: Number(revision.id),
    olderRevision: Number(olderRevision.id),
    ownComments,
    otherPendingPost,
  };
});

/**
 * A post published (its approval logged with the title, as private.approve_post does), then changed by an
 * applied edit suggestion and an admin's edit; an admin hid the first two revisions. One suggestion made the
 * second revision, another (still pending) was made while the first was the post as it stood.
 */
async function postWithHiddenRevisions(author: TestUser, suggester: TestUser, admin: TestUser) {
  const post = await createPost(author, { title: "Matrix words an admin hid" });
  await sql.begin(async (tx) => {
    await tx`select private.record_post_revision(${post}, 'approval', ${author.id})`;
    await tx`insert into public.moderation_log (actor_id, action, post_id, details)
             values (${admin.id}, 'approve_post', ${post}, '{"title": "Matrix words an admin hid"}')`;
  });
  const [quotesIt] = await sql<{ id: string }[]>`
    insert into public.edit_suggestions (post_id, user_id, summary, changes, original)
    values (${post}, ${suggester.id}, 'Pending', '{"excerpt": "Pending excerpt"}', '{"excerpt": "An excerpt."}') returning id`;
  const madeIt = await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes, status, reviewed_at)
      values (${post}, ${suggester.id}, 'Applied', '{"title": "Matrix words, suggested"}', 'approved', now()) returning id`;
    await tx`update public.posts set title = 'Matrix words, suggested' where id = ${post}`;
    await tx`select private.record_post_revision(${post}, 'suggestion', ${suggester.id}, 'Applied')`;
    return Number(row.id);
  });
  await sql`update public.posts set title = 'Matrix words, edited' where id = ${post}`;
  await sql`select private.record_post_revision(${post}, 'admin_edit', null, 'Edited')`;
  const revisions = await sql<{ id: string }[]>`select id from public.post_revisions where post_id = ${post} and kind <> 'admin_edit'`;
  await asCaller(admin, async (tx) => {
    for (const revision of revisions) await tx`select private.hide_revision(${revision.id}, 'Defamatory')`;
  }, { commit: true });
  return { post, madeIt, quotesIt: Number(quotesIt.id) };
}

function callerFor(actor: Actor): Caller {
  return actor === "visitor" ? null : world.users[actor];
}

type Attempt = (tx: Tx, caller: Caller) => Promise<boolean>;

const newPost = { title: "Matrix new post", excerpt: "Excerpt", content: "Content", tags: ["matrix"], post_type: "discussion" };

/** Each action as SQL; true when it took effect (or returned what was asked for). */
/** update_post on the title of the post `which` names; true when the title changed. */
const titleEdit = (which: "pendingPost" | "approvedPost", title: string): Attempt => async (tx) => {
  await tx`select private.update_post(${world[which]}, ${JSON.stringify({ title })}::text::jsonb, null, '[]')`;
  await tx`reset role`;
  return (await tx`select title from public.posts where id = ${world[which]}`)[0]?.title === title;
};

/** The owner suspends the caller inside the rolled-back transaction; then the caller goes on as themselves. */
async function suspendCaller(tx: Tx, caller: Caller) {
  if (!caller) return;
  await tx`reset role`;
  await tx`update public.profiles set suspended_until = now() + interval '1 day', suspension_reason = 'Matrix' where id = ${caller.id}`;
  await tx`select set_config('role', 'authenticated', true)`;
}

/** Each write in a savepoint, so a refused one does not hide whether the next takes effect; true when any did. */
async function anyWriteTakes(tx: Tx, writes: (() => Promise<readonly unknown[]>)[]): Promise<boolean> {
  let changed = false;
  for (const write of writes) {
    await tx`savepoint direct_write`;
    try {
      changed = (await write()).length > 0 || changed;
    } catch {
      await tx`rollback to savepoint direct_write`;
    }
  }
  return changed;
}

/** The caller's own id; a visitor writes as a member would, which the grants refuse. */
const callerId = (caller: Caller) => caller?.id ?? world.users.member.id;

/** Follows the post as the caller; true when the caller then follows it. */
async function followPost(tx: Tx, caller: Caller, postId: number): Promise<boolean> {
  await tx`insert into public.post_follows (member_id, post_id) values (${callerId(caller)}, ${postId}) on conflict do nothing`;
  return (await tx`select 1 from public.post_follows where member_id = ${callerId(caller)} and post_id = ${postId}`).length === 1;
}

/** delete_post on the post `which` names; true when it is gone. */
const postDeletion = (which: "pendingPost" | "otherPendingPost"): Attempt => async (tx) => {
  await tx`select private.delete_post(${world[which]})`;
  await tx`reset role`;
  return (await tx`select id from public.posts where id = ${world[which]}`).length === 0;
};

const attempts: Record<string, Attempt> = {
  "read-approved-post": async (tx) => (await tx`select id from public.posts where id = ${world.approvedPost}`).length === 1,
  "read-pending-post": async (tx) => (await tx`select id from public.posts where id = ${world.pendingPost}`).length === 1,
  "read-rejected-post": async (tx) => (await tx`select id from public.posts where id = ${world.rejectedPost}`).length === 1,
  "read-pending-post-details": async (tx) => {
    const boxes = await tx`select id from public.info_boxes where post_id = ${world.pendingPost}`;
    const media = await tx`select id from public.post_media where post_id = ${world.pendingPost}`;
    return boxes.length === 1 && media.length === 1;
  },
  "read-comments": async (tx) => (await tx`select id from public.comments where post_id = ${world.approvedPost}`).length >= 1,
  "read-author-names": async (tx) =>
    (await tx`select display_name from public.profiles where id = ${world.users.author.id}`)[0]?.display_name === "Aru Author",

  "read-name-of-quiet-account": async (tx) => {
    const quiet = await createMember({ firstName: "Quiet", lastName: "Reader" });
    return (await tx`select display_name from public.profiles where id = ${quiet.id}`).length === 1;
  },
  // Posts carry no reviewer column; only the moderation log (admins) says who it was.
  "read-post-reviewer": async (tx) => {
    const columns = await tx`select column_name from information_schema.columns
                             where table_schema = 'public' and table_name in ('posts', 'edit_suggestions') and column_name like '%reviewed_by%'`;
    const logged = await tx`select actor_id from public.moderation_log where post_id = ${world.approvedPost} and action = 'approve_post'`;
    return columns.length > 0 || logged.length === 1;
  },
  "read-account-details": async (tx) =>
    (await tx`select first_name, last_name, created_at from public.profiles where id = ${world.users.author.id}`).length === 1,

  "read-post-history": async (tx) =>
    (await tx`select id from public.post_revisions where post_id = ${world.approvedPost}`).length === 1,
  "change-post-history": (tx) =>
    anyWriteTakes(tx, [
      () => tx`insert into public.post_revisions (post_id, kind, fields) values (${world.approvedPost}, 'admin_edit', '{}') returning id`,
      () => tx`update public.post_revisions set reason = 'Rewritten' where id = ${world.revision} returning id`,
      () => tx`delete from public.post_revisions where id = ${world.revision} returning id`,
    ]),

  "create-post": async (tx) => {
    const [row] = await tx`select private.create_post(${tx.json(newPost)}) as id`;
    const [post] = await tx`select status from public.posts where id = ${row.id}`;
    return post?.status === "pending";
  },
  "publish-post-directly": async (tx, caller) => {
    const [row] = await tx`
      insert into public.posts (author_id, title, excerpt, content, status, is_pinned, is_important)
      values (${caller?.id ?? null}, 'Direct', 'Direct', 'Direct', 'approved', false, true) returning id`;
    const [post] = await tx`select status, is_important from public.posts where id = ${row.id}`;
    return post?.status === "approved" && post.is_important === true;
  },
  comment: async (tx) =>
    (await tx`insert into public.comments (post_id, content) values (${world.approvedPost}, 'Hello') returning id`).length === 1,
  reply: async (tx) =>
    (await tx`insert into public.comments (post_id, parent_id, content) values (${world.approvedPost}, ${world.comment}, 'Hi') returning id`)
      .length === 1,
  "comment-on-pending-post": async (tx) =>
    (await tx`insert into public.comments (post_id, content) values (${world.pendingPost}, 'Hello') returning id`).length === 1,
  "vote-on-post": async (tx) => {
    const [row] = await tx`select private.cast_post_vote(${world.approvedPost}, 'up') as r`;
    return row.r.user_vote === "up" && row.r.upvotes === 2;
  },
  "vote-on-comment": async (tx) => {
    const [row] = await tx`select private.cast_comment_vote(${world.comment}, 'down') as r`;
    return row.r.user_vote === "down" && row.r.downvotes === 1;
  },
  "vote-on-pending-post": async (tx) => {
    const [row] = await tx`select private.cast_post_vote(${world.pendingPost}, 'up') as r`;
    return row.r.user_vote === "up";
  },
  "change-another-users-vote": async (tx) => {
    const other = world.users.other.id;
    const updated = await tx`update public.post_votes set vote = -1 where user_id = ${other} returning post_id`;
    const deleted = await tx`delete from public.comment_votes where user_id = ${other} returning comment_id`;
    return updated.length > 0 || deleted.length > 0;
  },
  "suggest-edit": async (tx) =>
    (await tx`insert into public.edit_suggestions (post_id, summary, changes)
              values (${world.approvedPost}, 'Clearer title', '{"title": "Matrix title, clearer"}') returning id`).length === 1,
  "send-suggestion": async (tx) =>
    (await tx`insert into public.suggestions (suggestion) values ('  More photos please  ') returning suggestion`)[0]?.suggestion ===
      "More photos please",

  "report-post": async (tx) =>
    (await tx`insert into public.reports (post_id, reason) values (${world.approvedPost}, 'spam') returning id`).length === 1,
  "report-comment": async (tx) =>
    (await tx`insert into public.reports (post_id, comment_id, reason) values (${world.approvedPost}, ${world.comment}, 'spam') returning id`)
      .length === 1,
  "report-twice": async (tx) => {
    await tx`insert into public.reports (post_id, reason) values (${world.approvedPost}, 'spam')`;
    return (await tx`insert into public.reports (post_id, reason) values (${world.approvedPost}, 'harassment') returning id`).length === 1;
  },
  "write-while-suspended": async (tx, caller) => {
    await suspendCaller(tx, caller);
    return (await tx`insert into public.comments (post_id, content) values (${world.approvedPost}, 'Hello') returning id`).length === 1;
  },
  // Through the edit function, which logs it; no API role writes info boxes or media directly.
  "add-to-submitted-post": async (tx) => {
    const direct = await anyWriteTakes(tx, [
      () => tx`insert into public.info_boxes (post_id, title) values (${world.pendingPost}, 'Direct') returning id`,
      () => tx`insert into public.post_media (post_id, object_path, media_type) values (${world.pendingPost}, 'direct.mp4', 'video') returning id`,
    ]);
    await tx`select private.update_post(${world.pendingPost}, '{"info_boxes": [{"title": "Box"}, {"title": "Late"}]}', null,
                                        '[{"object_path": "late.mp4", "media_type": "video"}]')`;
    await tx`reset role`;
    const boxes = await tx`select id from public.info_boxes where post_id = ${world.pendingPost} and title = 'Late'`;
    const media = await tx`select id from public.post_media where post_id = ${world.pendingPost} and object_path = 'late.mp4'`;
    return !direct && boxes.length === 1 && media.length === 1;
  },

  "edit-own-comment": async (tx, caller) => {
    const id = world.ownComments[caller?.id ?? world.users.author.id];
    await tx`select private.edit_comment(${id}, 'Edited by the matrix')`;
    return (await tx`select content from public.comments where id = ${id}`)[0]?.content === "Edited by the matrix";
  },
  "delete-own-comment": async (tx, caller) => {
    const id = world.ownComments[caller?.id ?? world.users.author.id];
    await tx`select private.delete_comment(${id})`;
    await tx`reset role`;
    return (await tx`select id from public.comments where id = ${id}`).length === 0;
  },
  "edit-another-users-comment": async (tx) => {
    await tx`select private.edit_comment(${world.comment}, 'Edited by the matrix')`;
    await tx`reset role`;
    return (await tx`select content from public.comments where id = ${world.comment}`)[0]?.content === "Edited by the matrix";
  },
  "edit-own-pending-post": titleEdit("pendingPost", "Pending, edited by the matrix"),
  "withdraw-own-pending-post": postDeletion("pendingPost"),
  "edit-own-published-post": titleEdit("approvedPost", "Published, edited by the matrix"),
  "withdraw-another-users-post": postDeletion("otherPendingPost"),

  "read-own-contributions": async (tx, caller) => {
    const [sent] = await tx`insert into public.suggestions (suggestion) values ('My own suggestion') returning id`;
    const suggestions = await tx`select item ->> 'id' as id from private.my_suggestions()`;
    const posts = await tx`select (item ->> 'id')::bigint as id from private.my_posts()`;
    const ownPostsListed = caller?.id !== world.users.author.id || posts.some((p) => Number(p.id) === world.rejectedPost);
    return suggestions.some((r) => r.id === sent.id) && ownPostsListed;
  },
  "read-another-users-contributions": async (tx) => {
    const edits = await tx`select 1 from private.my_edit_suggestions() where (item ->> 'id')::bigint = ${world.otherEditSuggestion}`;
    const suggestions = await tx`select 1 from private.my_suggestions() where item ->> 'id' = ${world.otherSuggestion}`;
    return edits.length > 0 || suggestions.length > 0;
  },
  // The database's part of a deletion: who may, and the typed address. Auth's admin API then deletes (tests/api).
  "delete-own-account": async (tx, caller) =>
    (await tx`select private.confirm_account_deletion(${caller?.email ?? world.users.member.email}) as id`)[0]?.id === caller?.id,
  "export-own-data": async (tx, caller) => {
    const [row] = await tx`select private.account_export() as data`;
    return row.data.account?.id === caller?.id && row.data.account?.email === caller?.email;
  },

  "write-user-roles": async (tx, caller) => {
    const target = caller?.id ?? world.users.member.id;
    const inserted = await tx`insert into public.user_roles (user_id, role) values (${target}, 'admin') returning user_id`;
    return inserted.length > 0;
  },
  "read-another-users-roles": async (tx) =>
    (await tx`select role from public.user_roles where user_id = ${world.users.other.id}`).length === 1,

  "read-own-notifications": async (tx, caller) =>
    (await tx`select id from public.notifications where recipient_id = ${caller?.id ?? null}`).length >= 1,
  "read-another-users-notifications": async (tx) =>
    (await tx`select id from public.notifications where recipient_id = ${world.users.other.id}`).length >= 1,
  "mark-another-users-notifications-read": async (tx) => {
    await tx`select private.mark_notifications_read(${[world.otherNotification]}::bigint[])`;
    // Back to the owner to see whether it took effect: the caller cannot read another's row.
    await tx`reset role`;
    return (await tx`select read_at from public.notifications where id = ${world.otherNotification}`)[0]?.read_at !== null;
  },

  "follow-post": (tx, caller) => followPost(tx, caller, world.approvedPost),
  // The author follows their own post from the start: the insert passes over the row and it is there.
  "follow-pending-post": (tx, caller) => followPost(tx, caller, world.pendingPost),
  "follow-tag": async (tx, caller) => {
    await tx`insert into public.tag_follows (member_id, tag) values (${callerId(caller)}, 'matrix-followed')`;
    return (await tx`select 1 from public.tag_follows where member_id = ${callerId(caller)} and tag = 'matrix-followed'`).length === 1;
  },
  "follow-author": async (tx, caller) => {
    await tx`insert into public.author_follows (member_id, author_id) values (${callerId(caller)}, ${world.users.other.id})`;
    return (await tx`select 1 from public.author_follows where member_id = ${callerId(caller)} and author_id = ${world.users.other.id}`).length === 1;
  },
  // suspendee has neither a published post nor a public comment: no public page.
  "follow-author-without-public-page": async (tx, caller) => {
    await tx`insert into public.author_follows (member_id, author_id) values (${callerId(caller)}, ${world.users.suspendee.id})`;
    return (await tx`select 1 from public.author_follows where member_id = ${callerId(caller)} and author_id = ${world.users.suspendee.id}`).length === 1;
  },
  "follow-while-suspended": async (tx, caller) => {
    await suspendCaller(tx, caller);
    await tx`insert into public.tag_follows (member_id, tag) values (${callerId(caller)}, 'matrix-suspended')`;
    return (await tx`select 1 from public.tag_follows where member_id = ${callerId(caller)} and tag = 'matrix-suspended'`).length === 1;
  },
  "read-another-users-follows": async (tx) => {
    const other = world.users.other.id;
    const rows = await tx`
      select 1 from public.post_follows where member_id = ${other}
      union all select 1 from public.tag_follows where member_id = ${other}
      union all select 1 from public.author_follows where member_id = ${other}`;
    return rows.length > 0;
  },
  "change-another-users-follows": (tx) => {
    const other = world.users.other.id;
    return anyWriteTakes(tx, [
      () => tx`insert into public.tag_follows (member_id, tag) values (${other}, 'matrix-imposed') returning tag`,
      () => tx`insert into public.post_follows (member_id, post_id) values (${other}, ${world.hidden.post}) returning post_id`,
      () => tx`delete from public.tag_follows where member_id = ${other} returning tag`,
      () => tx`delete from public.post_follows where member_id = ${other} returning post_id`,
      () => tx`delete from public.author_follows where member_id = ${other} returning author_id`,
    ]);
  },
  "change-own-notification-settings": async (tx, caller) => {
    await tx`insert into public.notification_preferences (member_id, topic, delivery) values (${callerId(caller)}, 'comments', 'bell')
             on conflict (member_id, topic) do update set delivery = excluded.delivery`;
    await tx`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${callerId(caller)}, 'America/Sao_Paulo', 20)
             on conflict (member_id) do update set time_zone = excluded.time_zone, digest_hour = excluded.digest_hour`;
    const preferences = await tx`select 1 from public.notification_preferences where member_id = ${callerId(caller)} and delivery = 'bell'`;
    const digest = await tx`select 1 from public.digest_settings where member_id = ${callerId(caller)} and digest_hour = 20`;
    return preferences.length === 1 && digest.length === 1;
  },
  "read-another-users-notification-settings": async (tx) => {
    const other = world.users.other.id;
    const preferences = await tx`select 1 from public.notification_preferences where member_id = ${other}`;
    const digest = await tx`select 1 from public.digest_settings where member_id = ${other}`;
    return preferences.length > 0 || digest.length > 0;
  },
  "change-another-users-notification-settings": (tx) => {
    const other = world.users.other.id;
    return anyWriteTakes(tx, [
      () => tx`update public.notification_preferences set delivery = 'immediate' where member_id = ${other} returning topic`,
      () => tx`insert into public.notification_preferences (member_id, topic, delivery) values (${other}, 'comments', 'bell') returning topic`,
      () => tx`delete from public.notification_preferences where member_id = ${other} returning topic`,
      () => tx`update public.digest_settings set digest_hour = 3 where member_id = ${other} returning member_id`,
      () => tx`delete from public.digest_settings where member_id = ${other} returning member_id`,
    ]);
  },

  "edit-post": async (tx) => {
    await tx`select private.update_post(${world.approvedPost}, '{"title": "Edited by the matrix"}', null, '[]')`;
    const [post] = await tx`select title from public.posts where id = ${world.approvedPost}`;
    return post?.title === "Edited by the matrix";
  },
  "approve-post": async (tx) => {
    await tx`select private.approve_post(${world.pendingPost})`;
    return (await tx`select status from public.posts where id = ${world.pendingPost}`)[0]?.status === "approved";
  },
  "reject-post": async (tx) => {
    const [row] = await tx`select private.reject_post(${world.pendingPost}) as removed`;
    return (row.removed as string[]).includes(pendingMediaPath);
  },
  "pin-post": async (tx) => {
    await tx`select private.set_post_pinned(${world.approvedPost}, true)`;
    return (await tx`select is_pinned from public.posts where id = ${world.approvedPost}`)[0]?.is_pinned === true;
  },
  "mark-important": async (tx) => {
    await tx`select private.set_post_important(${world.approvedPost}, true)`;
    return (await tx`select is_important from public.posts where id = ${world.approvedPost}`)[0]?.is_important === true;
  },
  "delete-post": async (tx) => {
    await tx`select private.delete_post(${world.approvedPost})`;
    return (await tx`select id from public.posts where id = ${world.approvedPost}`).length === 0;
  },
  "delete-comment": async (tx) => {
    await tx`select private.delete_comment(${world.comment})`;
    return (await tx`select count(*)::int as n from public.comments where id = ${world.comment}`)[0].n === 0;
  },
  "read-edit-suggestions": async (tx) => {
    const direct = await tx`select id from public.edit_suggestions where id = ${world.otherEditSuggestion}`;
    const [{ queue }] = await tx`select private.pending_edit_suggestions() as queue`;
    return direct.length === 1 && queue.suggestions.some((s: { id: number }) => s.id === world.otherEditSuggestion);
  },
  "approve-edit-suggestion": async (tx) => {
    await tx`select private.approve_edit_suggestion(${world.otherEditSuggestion})`;
    return (await tx`select title from public.posts where id = ${world.approvedPost}`)[0]?.title === "A better matrix title";
  },
  "reject-edit-suggestion": async (tx) => {
    await tx`select private.reject_edit_suggestion(${world.otherEditSuggestion})`;
    return (await tx`select status from public.edit_suggestions where id = ${world.otherEditSuggestion}`)[0]?.status === "rejected";
  },
  "read-general-suggestions": async (tx) => {
    const direct = await tx`select id from public.suggestions where id = ${world.otherSuggestion}`;
    const listed = (await suggestionBox(tx)).suggestions.filter((s) => s.id === world.otherSuggestion);
    return direct.length === 1 && listed.length === 1;
  },
  "read-suggestion-sender-address": async (tx) => {
    const listed = (await suggestionBox(tx)).suggestions.find((s) => s.id === world.otherSuggestion);
    return listed?.userEmail === world.users.other.email;
  },
  "mark-general-suggestion": async (tx) => {
    await tx`select private.set_suggestion_status(${world.otherSuggestion}::uuid, 'reviewed')`;
    return (await tx`select status from public.suggestions where id = ${world.otherSuggestion}`)[0]?.status === "reviewed";
  },
  "read-moderation-log": async (tx) =>
    (await tx`select id from public.moderation_log where action = 'approve_post' and post_id = ${world.approvedPost}`).length === 1,
  "read-people-log-entries": async (tx) => (await tx`select id from public.moderation_log where action = 'change_role'`).length >= 1,
  "read-reports": async (tx) => {
    const direct = await tx`select id from public.reports where id = ${world.otherReport}`;
    const listed = await allOpenReports(tx);
    return direct.length === 1 && listed.some((item) => item.comment_id === world.comment);
  },
  "read-link-health": async (tx) => Array.isArray(await tx`select source from private.link_health(100)`),
  "close-reports": async (tx) => {
    await tx`select private.close_reports(${world.otherReport}, 'dismissed')`;
    return (await tx`select status::text from public.reports where id = ${world.otherReport}`)[0]?.status === "dismissed";
  },
  // The downloads read All posts through this reader (supabase/functions/api/exports/listed-posts.ts).
  "download-unpublished-posts": async (tx) => {
    const rows = await tx`select id from private.list_approved_posts(p_sort => 'newest', p_limit => 101, p_search => '[{"exclude": false, "anyOf": [{"kind": "word", "text": "matrix"}]}, {"exclude": false, "anyOf": [{"kind": "word", "text": "post"}]}]')`;
    return rows.some((row) => [world.pendingPost, world.rejectedPost].includes(Number(row.id)));
  },
  "hide-revision": async (tx) => {
    await tx`select private.hide_revision(${world.olderRevision}, 'Defamatory')`;
    return (await tx`select fields from public.post_revisions where id = ${world.olderRevision}`)[0]?.fields === null;
  },
  // Suspension columns are not readable through the API roles: the function answers until when.
  "suspend-member": async (tx) => {
    const [row] = await tx`select private.suspend_user(${world.users.suspendee.id}, now() + interval '7 days', 'Spamming the comments') as until`;
    return row?.until instanceof Date;
  },
  "suspend-member-long": async (tx) => {
    const [row] = await tx`select private.suspend_user(${world.users.suspendee.id}, null, 'Spamming the comments')::text as until`;
    return row?.until === "infinity";
  },

  "write-post-directly": (tx) =>
    anyWriteTakes(tx, [
      () => tx`update public.posts set is_important = true where id = ${world.pendingPost} returning id`,
      () => tx`update public.posts set is_pinned = true where id = ${world.pendingPost} returning id`,
      () => tx`update public.posts set status = 'rejected' where id = ${world.pendingPost} returning id`,
      () => tx`update public.posts set title = 'Directly' where id = ${world.approvedPost} returning id`,
      () => tx`delete from public.posts where id = ${world.otherPendingPost} returning id`,
    ]),
  "delete-comment-directly": (tx) => anyWriteTakes(tx, [() => tx`delete from public.comments where id = ${world.comment} returning id`]),
  "review-own-post": async (tx, caller) => {
    const own = world.ownPendingPosts[caller?.id ?? world.users.member.id];
    await tx`select private.approve_post(${own})`;
    await tx`reset role`;
    return (await tx`select status::text from public.posts where id = ${own}`)[0]?.status === "approved";
  },
  "approve-own-edit-suggestion": async (tx, caller) => {
    const user = caller?.id ?? world.users.member.id;
    await tx`select private.approve_edit_suggestion(${world.ownEditSuggestions[user]})`;
    await tx`reset role`;
    return (await tx`select title from public.posts where id = ${world.approvedPost}`)[0]?.title === `My own title ${user}`;
  },
  "edit-rejected-post": async (tx) => {
    await tx`select private.update_post(${world.rejectedPost}, '{"title": "Rejected, edited by the matrix"}', null, '[]')`;
    await tx`reset role`;
    return (await tx`select title from public.posts where id = ${world.rejectedPost}`)[0]?.title === "Rejected, edited by the matrix";
  },
  "shorten-long-suspension": async (tx) => {
    await tx`select private.suspend_user(${world.suspendedForGood.id}, now() + interval '1 minute', 'Shorter')`;
    await tx`reset role`;
    return (await tx`select suspended_until::text from public.profiles where id = ${world.suspendedForGood.id}`)[0]?.suspended_until !== "infinity";
  },
  "read-hidden-revision-quotes": async (tx) => {
    const { post, madeIt, quotesIt } = world.hidden;
    const suggestions = await tx`select id from public.edit_suggestions where id in (${madeIt}, ${quotesIt})`;
    const titles = await tx`select id from public.moderation_log where post_id = ${post} and details ? 'title'`;
    return suggestions.length > 0 || titles.length > 0;
  },
  "accept-invitation-while-suspended": async (tx, caller) => {
    await suspendCaller(tx, caller);
    const [row] = await tx`select private.accept_invitation('Ina', 'Vite', true) as role`;
    return row?.role === "moderator";
  },
  "moderate-while-suspended": async (tx, caller) => {
    await suspendCaller(tx, caller);
    await tx`select private.approve_post(${world.otherPendingPost})`;
    await tx`reset role`;
    return (await tx`select status::text from public.posts where id = ${world.otherPendingPost}`)[0]?.status === "approved";
  },

  "read-last-backup": async (tx) => {
    const [row] = await tx`select private.last_backup() as backup`;
    return typeof row?.backup?.fileName === "string";
  },

  "change-role": async (tx) => {
    await tx`select private.change_role(${world.users.suspendee.id}, 'moderator', 'Trusted reviewer')`;
    await tx`reset role`;
    return (await tx`select 1 from public.user_roles where user_id = ${world.users.suspendee.id} and role = 'moderator'`).length === 1;
  },
  "read-people": async (tx) => {
    const rows = await tx`select person from private.people_page(${world.users.suspendee.email}, null, null, 10)`;
    const invitations = await tx`select id from public.invitations where id = ${world.otherInvitation}`;
    return rows[0]?.person.email === world.users.suspendee.email && invitations.length === 1;
  },
  "invite-person": async (tx) => {
    const [row] = await tx`select private.invite_person(${`matrix-invitee-${Date.now()}@test.example.com`}, 'moderator') as id`;
    await tx`reset role`;
    return (await tx`select 1 from public.invitations where id = ${row.id} and accepted_at is null`).length === 1;
  },
  "accept-own-invitation": async (tx, caller) => {
    const [row] = await tx`select private.accept_invitation('Ina', 'Vite', true) as role`;
    await tx`reset role`;
    const granted = await tx`select 1 from public.user_roles where user_id = ${caller?.id ?? null} and role = 'moderator'`;
    return row?.role === "moderator" && granted.length === 1;
  },
  "accept-another-users-invitation": async (tx) => {
    // The call accepts only the caller's own; the table takes no write from the API roles.
    await tx`update public.invitations set accepted_at = now() where id = ${world.otherInvitation}`;
    await tx`reset role`;
    return (await tx`select accepted_at from public.invitations where id = ${world.otherInvitation}`)[0]?.accepted_at !== null;
  },
};

describe("every action of the permission table has a database check", () => {
  it.each(permissions.map((p) => p.id))("%s", (id) => {
    expect(attempts[id], `no SQL for action ${id}`).toBeTypeOf("function");
  });
});

describe.each(permissionCases)("$actor: $description ($action)", ({ action, actor, allowed }) => {
  it(allowed ? "is allowed" : "is denied", async () => {
    const caller = callerFor(actor);
    const took = await succeeds(caller, (tx) => attempts[action](tx, caller));
    expect(took).toBe(allowed);
  });
});

describe("denied writes leave no trace", () => {
  it("another user's votes and the roles table are unchanged", async () => {
    const [vote] = await sql`select vote from public.post_votes where post_id = ${world.approvedPost} and user_id = ${world.users.other.id}`;
    expect(vote.vote).toBe(1);
    const roles = await sql`select role::text from public.user_roles where user_id in (${world.users.member.id}, ${world.users.author.id})`;
    expect(roles).toHaveLength(0);
  });
});
