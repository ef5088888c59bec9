/**
 * What anyone with the anon key can do to each table in `public` directly
 * through PostgREST (`supabase.from(table)`), as a visitor or as a signed-in
 * member, bypassing the api function. Every table must be listed here
 * (tests/db/direct-access.test.ts fails on a new one that is not).
 *
 * Rows are described by SQL predicates over the table's own columns, read as
 * the database owner; `:uid` is the member. `false`: no rows at all.
 * Inserts a member may make are rows of the permission table
 * (tests/support/permissions.ts: create-post, comment, vote-on-post, ...);
 * `memberInserts` names them, and every other insert must be refused.
 */
export interface TableAccess {
  read: { visitor: string | false; member: string | false };
  /** Rows a member may update or delete directly (visitors: none, ever). */
  memberUpdates: string | false;
  memberDeletes: string | false;
  /** The permission-table action by which a member inserts here, if any. */
  memberInserts: string | false;
  /** A complete row for this table, so that only grants or policies can refuse the insert. */
  sampleRow: string;
  /**
   * The privileges `anon` (visitor) and `authenticated` (member) hold, in
   * the order select, insert, update, delete: exactly what the policies use.
   * A column grant is written "select (a, b)". Never truncate, references or
   * trigger, which row-level security does not govern.
   */
  grants: { visitor: string; member: string };
}

const readablePost = (alias: string) => `exists (select 1 from public.posts p where p.id = ${alias}.post_id and p.status = 'approved')`;
const readablePostFor = (alias: string) =>
  `exists (select 1 from public.posts p where p.id = ${alias}.post_id and (p.status = 'approved' or p.author_id = :uid))`;

/** Members write nothing here directly: no update, delete or insert of their own. */
const noMemberWrites = { memberUpdates: false, memberDeletes: false, memberInserts: false } as const;

/** A table of votes: a member reads, changes and takes back only their own, and casts them by `castBy`. */
const ownVotes = (castBy: string, sampleRow: string): TableAccess => ({
  read: { visitor: false, member: "user_id = :uid" },
  memberUpdates: "user_id = :uid",
  memberDeletes: "user_id = :uid",
  memberInserts: castBy,
  sampleRow,
  grants: { visitor: "select", member: "select, insert, update, delete" },
});

/**
 * A part of a post (its info boxes, its media, the sources it cites): read with the post, written only through the
 * post's own functions (the API roles may only read it).
 */
const partOfPost = (sampleRow: string): TableAccess => ({
  read: { visitor: readablePost("t"), member: readablePostFor("t") },
  ...noMemberWrites,
  sampleRow,
  grants: { visitor: "select", member: "select" },
});

/** What members send for the admins (suggestions, reports): each reads only their own, sent by `sentBy`, and never changes it. */
const sentByMembers = (ownerColumn: string, sentBy: string, sampleRow: string): TableAccess => ({
  read: { visitor: false, member: `${ownerColumn} = :uid` },
  ...noMemberWrites,
  memberInserts: sentBy,
  sampleRow,
  grants: { visitor: "", member: "select, insert" },
});

/** What a member follows: they read, add (by `followBy`) and stop only their own; nothing to update. */
const ownFollows = (followBy: string, sampleRow: string): TableAccess => ({
  read: { visitor: false, member: "member_id = :uid" },
  memberUpdates: false,
  memberDeletes: "member_id = :uid",
  memberInserts: followBy,
  sampleRow,
  grants: { visitor: "", member: "select, insert, delete" },
});

/** How a member hears of things: only their own rows, read, written and reset by them. */
const ownSettings = (sampleRow: string): TableAccess => ({
  read: { visitor: false, member: "member_id = :uid" },
  memberUpdates: "member_id = :uid",
  memberDeletes: "member_id = :uid",
  memberInserts: "change-own-notification-settings",
  sampleRow,
  grants: { visitor: "", member: "select, insert, update, delete" },
});

export const directAccess: Record<string, TableAccess> = {
  posts: {
    read: { visitor: "status = 'approved'", member: "status = 'approved' or author_id = :uid" },
    ...noMemberWrites,
    memberInserts: "create-post",
    sampleRow: "(title, excerpt, content) values ('Direct', 'Direct', 'Direct')",
    // Every change after submission goes through a function that logs it: no update or delete for anyone.
    grants: { visitor: "select", member: "select, insert" },
  },
  comments: {
    read: { visitor: readablePost("t"), member: readablePostFor("t") },
    ...noMemberWrites,
    memberInserts: "comment",
    sampleRow: "(post_id, content) values (:approvedPost, 'Direct')",
    grants: { visitor: "select", member: "select, insert" },
  },
  info_boxes: partOfPost("(post_id, title) values (:ownPendingPost, 'Direct')"),
  post_media: partOfPost("(post_id, object_path, media_type) values (:ownPendingPost, 'direct.png', 'image')"),
  // Sources: written only by the api function's jobs, as the service role.
  sources: {
    read: {
      visitor: "exists (select 1 from public.source_citations c join public.posts p on p.id = c.post_id where c.source_id = t.id and p.status = 'approved')",
      member: "exists (select 1 from public.source_citations c join public.posts p on p.id = c.post_id where c.source_id = t.id and (p.status = 'approved' or p.author_id = :uid))",
    },
    ...noMemberWrites,
    sampleRow: "(url, host) values ('https://direct-access.example/page', 'direct-access.example')",
    grants: { visitor: "select", member: "select" },
  },
  source_citations: partOfPost("(post_id, source_id, place, position) select :ownPendingPost, min(id), 'references', 99 from public.sources"),
  post_votes: ownVotes("vote-on-post", "(post_id, user_id, vote) values (:approvedPost, :uid, 1)"),
  comment_votes: ownVotes("vote-on-comment", "(comment_id, user_id, vote) values (:comment, :uid, 1)"),
  edit_suggestions: sentByMembers("user_id", "suggest-edit", `(post_id, summary, changes) values (:approvedPost, 'Direct', '{"title": "Direct title"}')`),
  suggestions: sentByMembers("user_id", "send-suggestion", "(suggestion) values ('Direct')"),
  profiles: {
    read: { visitor: "private.has_public_contribution(id)", member: "private.has_public_contribution(id) or id = :uid" },
    ...noMemberWrites,
    sampleRow: "(id, display_name) values (:uid, 'Direct')",
    grants: { visitor: "select (display_name, id)", member: "select (display_name, id)" },
  },
  user_roles: {
    read: { visitor: false, member: "user_id = :uid" },
    ...noMemberWrites,
    sampleRow: "(user_id, role) values (:uid, 'admin')",
    grants: { visitor: "", member: "select" },
  },
  // Written only by the database's triggers; marking read goes through
  // private.mark_notifications_read, so members have no direct update either.
  notifications: {
    read: { visitor: false, member: "recipient_id = :uid" },
    ...noMemberWrites,
    sampleRow: "(recipient_id, kind, post_id, post_title) values (:uid, 'post_published', :ownPendingPost, 'Direct')",
    grants: { visitor: "", member: "select" },
  },
  reports: sentByMembers("reporter_id", "report-post", "(post_id, reason) values (:approvedPost, 'spam')"),
  post_follows: ownFollows("follow-post", "(member_id, post_id) values (:uid, :approvedPost)"),
  tag_follows: ownFollows("follow-tag", "(member_id, tag) values (:uid, 'direct')"),
  author_follows: ownFollows("follow-author", "(member_id, author_id) select :uid, p.author_id from public.posts p where p.id = :approvedPost"),
  notification_preferences: ownSettings("(member_id, topic, delivery) values (:uid, 'replies', 'bell')"),
  digest_settings: ownSettings("(member_id, time_zone, digest_hour) values (:uid, 'UTC', 6)"),
  // Written only by the functions that publish a change; immutable even for them.
  post_revisions: {
    read: { visitor: readablePost("t"), member: readablePost("t") },
    ...noMemberWrites,
    sampleRow: `(post_id, kind, author_id, fields, changed_fields) values (:approvedPost, 'admin_edit', :uid, '{"title": "Direct"}', '{title}')`,
    grants: { visitor: "select", member: "select" },
  },
  // What an admin hid of a revision: admins read it; only private.hide_revision writes it.
  hidden_revision_content: {
    read: { visitor: false, member: false },
    ...noMemberWrites,
    sampleRow: `(revision_id, fields) values ((select min(r.id) from public.post_revisions r), '{"title": "Direct"}')`,
    grants: { visitor: "", member: "select" },
  },
  moderation_log: {
    read: { visitor: false, member: false },
    ...noMemberWrites,
    sampleRow: "(actor_id, action) values (:uid, 'approve_post')",
    grants: { visitor: "", member: "select" },
  },
  // Admins only; written by the People functions (private.invite_person, private.accept_invitation).
  invitations: {
    read: { visitor: false, member: false },
    ...noMemberWrites,
    sampleRow: "(email, user_id, role) values ('direct@test.example.com', :uid, 'admin')",
    grants: { visitor: "", member: "select" },
  },
};
