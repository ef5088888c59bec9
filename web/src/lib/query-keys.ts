/**
 * Every TanStack Query key in one place. SPEC §7: post and comment answers are
 * cached (5 minutes, lib/query-client.ts) keyed by id, sort and signed-in
 * state, and cleared after posting, deleting or voting — invalidate the
 * prefixes below for that (e.g. `queryClient.invalidateQueries({ queryKey: queryKeys.posts })`).
 *
 * `viewer` is the signed-in user's id, or "anon": answers differ per viewer
 * (user_vote, pending posts of their own).
 */
import { hashKey, type QueryKey } from "@tanstack/react-query";

export type Viewer = string;

export const anonViewer: Viewer = "anon";
/**
 * While Supabase Auth is still reading the stored session, the viewer is not
 * known yet; queries wait for it (`enabled: isKnownViewer(viewer)`) rather than
 * fetching once as a visitor and again as the user.
 */
export const pendingViewer: Viewer = "pending";
export const isKnownViewer = (viewer: Viewer) => viewer !== pendingViewer;

export const queryKeys = {
  /** Prefix of every post answer: home, lists, timeline, details. */
  posts: ["posts"] as const,
  /** Home's groups, "today" being the day in `timeZone` (the last part of each key whose answer is dated in a zone). */
  home: (viewer: Viewer, timeZone: string) => ["posts", "home", viewer, timeZone] as const,
  /** Home's "Show more": today's posts after the first ones Home showed (`from`, its cursor). */
  recentPosts: (from: string, viewer: Viewer, timeZone: string) => ["posts", "recent", from, viewer, timeZone] as const,
  allPosts: (filters: Record<string, unknown>, viewer: Viewer, timeZone: string) => ["posts", "all", filters, viewer, timeZone] as const,
  /** The timeline, all posts or one type (`type`), from the top or opened at a month (`from`, YYYY-MM). */
  timeline: (viewer: Viewer, view: { type?: string; from?: string }, timeZone: string) => ["posts", "timeline", viewer, view, timeZone] as const,
  /** The timeline's index: the months that have posts (of one type); the same for every viewer. */
  timelineMonths: (type: string | undefined, timeZone: string) => ["posts", "timeline-months", type ?? "all", timeZone] as const,
  /** The tag index: its counts change as posts are published or deleted. */
  tags: ["posts", "tags"] as const,
  authorPage: (authorId: string, viewer: Viewer) => ["posts", "author", authorId, viewer] as const,
  /** Prefix of every post's detail answers. */
  postDetails: ["posts", "detail"] as const,
  post: (id: string | number, viewer: Viewer) => ["posts", "detail", String(id), viewer] as const,
  /** Prefix of one post's detail answers, for every viewer. */
  postDetail: (id: string | number) => ["posts", "detail", String(id)] as const,
  /** The URLs a post cites, under its detail so that every change to the post refetches them. */
  postSources: (id: string | number, viewer: Viewer) => ["posts", "detail", String(id), "sources", viewer] as const,
  /** A post's citation in one format, under its detail so that an edit (a new revision to link to) refetches it. */
  postCitation: (id: string | number, format: string) => ["posts", "detail", String(id), "citation", format] as const,
  /** A post's history, under its detail so that every change to the post refetches it. */
  postRevisions: (id: string | number, viewer: Viewer) => ["posts", "detail", String(id), "revisions", viewer] as const,
  postRevision: (id: string | number, revisionId: string | number, viewer: Viewer) =>
    ["posts", "detail", String(id), "revisions", viewer, String(revisionId)] as const,
  /** An admin's read of a revision, with the content an admin hid. */
  postRevisionWithHiddenContent: (id: string | number, revisionId: string | number, viewer: Viewer) =>
    ["posts", "detail", String(id), "revisions", viewer, String(revisionId), "with-hidden-content"] as const,

  /** Prefix of one post's comments, for every sort and viewer. */
  commentsOf: (postId: string | number) => ["comments", String(postId)] as const,
  comments: (postId: string | number, sort: string, viewer: Viewer) => ["comments", String(postId), sort, viewer] as const,
  /** Prefix of what on one post is the viewer's own (the post, their comments). */
  ownershipOf: (postId: string | number) => ["ownership", String(postId)] as const,
  ownership: (postId: string | number, viewer: Viewer) => ["ownership", String(postId), viewer] as const,

  /** Prefix of every standing answer. */
  standings: ["standing"] as const,
  /** Whether the signed-in user may take part: the 18+ confirmation, a suspension. */
  standing: (userId: string) => ["standing", userId] as const,

  /** Prefix of every role answer (cleared on sign-out). */
  roles: ["role"] as const,
  /** null while nobody is signed in (the query is disabled then). */
  role: (userId: string | null) => ["role", userId] as const,

  /** Prefix of every notifications answer. */
  notifications: ["notifications"] as const,
  /** The signed-in user's notifications (the newest page, with the unread count). */
  notificationsOf: (userId: string) => ["notifications", userId] as const,
  /** What an e-mail's unsubscribe link turns off (the same for everyone: the token is the credential). */
  unsubscribeLink: (token: string) => ["unsubscribe", token] as const,

  /** Prefix of everything about following and how the member hears of things. */
  follows: ["follows"] as const,
  /** Whether the viewer follows one post, tag or author. */
  followState: (kind: string, id: string | number, viewer: Viewer) => ["follows", "state", kind, String(id), viewer] as const,
  /** Everything the viewer follows (the account page). */
  myFollows: (viewer: Viewer) => ["follows", "mine", viewer] as const,
  /** The viewer's notification settings: per topic how, and when the digest goes out. */
  notificationSettings: (viewer: Viewer) => ["follows", "settings", viewer] as const,

  /** Prefix of every admin answer. */
  admin: ["admin"] as const,
  pendingPosts: ["admin", "pending-posts"] as const,
  pendingEditSuggestions: ["admin", "edit-suggestions", "pending"] as const,
  userSuggestions: ["admin", "suggestions"] as const,
  moderationLog: ["admin", "moderation-log"] as const,
  linkHealth: ["admin", "link-health"] as const,
  lastBackup: ["admin", "backups", "latest"] as const,
  /** Admins' People page: one search and filter (`q`, `role`, `state`). */
  people: (filters: Record<string, string>) => ["admin", "people", filters] as const,

  /** Prefix of the signed-in user's own contributions (My contributions). */
  mine: ["me"] as const,
  myPosts: (viewer: Viewer) => ["me", "posts", viewer] as const,
  myEditSuggestions: (viewer: Viewer) => ["me", "edit-suggestions", viewer] as const,
  mySuggestions: (viewer: Viewer) => ["me", "suggestions", viewer] as const,
  openReports: ["admin", "reports"] as const,
  /** The suspended authors of a post and its comments, for an admin reading it. */
  suspendedAuthors: (postId: string | number) => ["admin", "suspended-authors", String(postId)] as const,
};

/**
 * placeholderData for an answer keyed by time zone (its key's last part): a
 * server-rendered page hydrates in the server's zone, then asks in the
 * visitor's, and keeps the first answer on screen until that one comes
 * rather than showing a loading state; any other change of key starts empty.
 */
export const keptAcrossTimeZones =
  (queryKey: QueryKey) =>
  <T>(previousData: T | undefined, previousQuery: { queryKey: QueryKey } | undefined): T | undefined =>
    previousQuery && hashKey(previousQuery.queryKey.slice(0, -1)) === hashKey(queryKey.slice(0, -1)) ? previousData : undefined;
