/**
 * Who may do what (SPEC §6), as data: one row per action, one column per actor.
 * Drives the database tests (tests/db/permissions.test.ts) and the API tests.
 *
 * Actors:
 *   visitor - not signed in
 *   member  - signed in, not an admin, not the author of the post concerned
 *   author  - signed in, not an admin, the author of the post concerned
 *             (for actions without a post, the same as a member)
 *   moderator - signed in with the role moderator in public.user_roles
 *             (not the author of the post concerned)
 *   admin   - signed in with the role admin in public.user_roles
 *
 * "Denied" means the attempt fails (401/403/404 over HTTP, an error or no
 * rows in the database) and changes nothing. Keep ids stable: other test
 * suites refer to them.
 */

export const actors = ["visitor", "member", "author", "moderator", "admin"] as const;
export type Actor = (typeof actors)[number];

export interface Permission {
  /** Stable identifier, kebab-case. */
  id: string;
  /** What the actor tries to do. */
  description: string;
  allowed: Record<Actor, boolean>;
}

const everyone = { visitor: true, member: true, author: true, moderator: true, admin: true };
const signedIn = { visitor: false, member: true, author: true, moderator: true, admin: true };
const authorAndAdmin = { visitor: false, member: false, author: true, moderator: false, admin: true };
const authorAndTeam = { visitor: false, member: false, author: true, moderator: true, admin: true };
/** Moderators and admins. */
const team = { visitor: false, member: false, author: false, moderator: true, admin: true };
const adminOnly = { visitor: false, member: false, author: false, moderator: false, admin: true };
const nobody = { visitor: false, member: false, author: false, moderator: false, admin: false };

export const permissions: readonly Permission[] = [
  // Reading
  { id: "read-approved-post", description: "read an approved post", allowed: everyone },
  { id: "read-pending-post", description: "read a pending post", allowed: authorAndTeam },
  { id: "read-rejected-post", description: "read a rejected post", allowed: authorAndTeam },
  { id: "read-pending-post-details", description: "read the info boxes and media of a pending post", allowed: authorAndTeam },
  { id: "read-comments", description: "read the comments of an approved post", allowed: everyone },
  { id: "read-author-names", description: "read the names of authors", allowed: everyone },
  { id: "read-name-of-quiet-account", description: "read the name of an account that has published nothing", allowed: team },
  { id: "read-post-reviewer", description: "find out which moderator or admin reviewed a post", allowed: team },
  { id: "read-account-details", description: "read an account's first and last name or sign-up time", allowed: nobody },
  { id: "read-post-history", description: "read the history (revisions) of an approved post", allowed: everyone },
  { id: "change-post-history", description: "add, change or delete a revision in a post's history", allowed: nobody },
  { id: "download-unpublished-posts", description: "download a pending or rejected post (All posts' CSV or JSON, the archive's JSON Lines)", allowed: nobody },

  // Contributing
  { id: "create-post", description: "create a post (held for review)", allowed: signedIn },
  { id: "publish-post-directly", description: "create a post that is approved, pinned or important at once", allowed: adminOnly },
  { id: "comment", description: "comment on an approved post", allowed: signedIn },
  { id: "reply", description: "reply to a comment", allowed: signedIn },
  { id: "comment-on-pending-post", description: "comment on a pending post", allowed: nobody },
  { id: "vote-on-post", description: "vote on an approved post", allowed: signedIn },
  { id: "vote-on-comment", description: "vote on a comment", allowed: signedIn },
  { id: "vote-on-pending-post", description: "vote on a pending post", allowed: nobody },
  { id: "change-another-users-vote", description: "change or remove another user's vote", allowed: nobody },
  { id: "suggest-edit", description: "suggest an edit to an approved post", allowed: signedIn },
  { id: "send-suggestion", description: "send a general suggestion", allowed: signedIn },
  { id: "report-post", description: "report an approved post", allowed: signedIn },
  { id: "report-comment", description: "report a comment on an approved post", allowed: signedIn },
  { id: "report-twice", description: "report the same post a second time", allowed: nobody },
  { id: "write-while-suspended", description: "comment while suspended", allowed: nobody },
  { id: "add-to-submitted-post", description: "add an info box or media to a pending post after it was submitted (by an edit, never directly)", allowed: authorAndTeam },

  // One's own words: members change their comments, and their posts until reviewed
  { id: "edit-own-comment", description: "edit one's own comment", allowed: signedIn },
  { id: "delete-own-comment", description: "delete one's own comment", allowed: signedIn },
  { id: "edit-another-users-comment", description: "edit another user's comment", allowed: nobody },
  { id: "edit-own-pending-post", description: "edit a pending post (its author, a moderator or an admin)", allowed: authorAndTeam },
  { id: "withdraw-own-pending-post", description: "withdraw a pending post (its author, or an admin deleting it)", allowed: authorAndAdmin },
  { id: "edit-own-published-post", description: "edit a published post directly (its author suggests edits instead)", allowed: adminOnly },
  { id: "withdraw-another-users-post", description: "withdraw another member's pending post", allowed: adminOnly },
  { id: "read-own-contributions", description: "read one's own posts, edit suggestions and suggestions with their state (My contributions)", allowed: signedIn },
  { id: "read-another-users-contributions", description: "read another user's contributions list", allowed: nobody },

  // Leaving
  { id: "delete-own-account", description: "delete one's own account (confirmed by its e-mail address)", allowed: signedIn },
  { id: "export-own-data", description: "download everything the archive holds about oneself", allowed: signedIn },

  // Roles
  { id: "write-user-roles", description: "grant a role (write user_roles)", allowed: nobody },
  { id: "read-another-users-roles", description: "read another user's roles", allowed: adminOnly },
  { id: "change-role", description: "make a member a moderator (change an account's role)", allowed: adminOnly },
  { id: "read-people", description: "list the accounts with their e-mail addresses (People)", allowed: adminOnly },
  { id: "invite-person", description: "invite an address as a moderator", allowed: adminOnly },
  { id: "accept-own-invitation", description: "accept an invitation waiting for oneself", allowed: signedIn },
  { id: "accept-another-users-invitation", description: "accept an invitation waiting for someone else", allowed: nobody },

  // Notifications
  { id: "read-own-notifications", description: "read one's own notifications", allowed: signedIn },
  { id: "read-another-users-notifications", description: "read another user's notifications", allowed: nobody },
  { id: "mark-another-users-notifications-read", description: "mark another user's notifications read", allowed: nobody },

  // Following and how one hears of things: each member's own, and only what they can read
  { id: "follow-post", description: "follow an approved post (hear of its new comments)", allowed: signedIn },
  { id: "follow-pending-post", description: "follow a pending post", allowed: authorAndTeam },
  { id: "follow-tag", description: "follow a tag (hear of its new posts)", allowed: signedIn },
  { id: "follow-author", description: "follow an author with a public page (hear of their new posts)", allowed: signedIn },
  { id: "follow-author-without-public-page", description: "follow an account that has published nothing", allowed: nobody },
  { id: "follow-while-suspended", description: "follow a tag while suspended (it writes nothing others read)", allowed: signedIn },
  { id: "read-another-users-follows", description: "read what another user follows", allowed: nobody },
  { id: "change-another-users-follows", description: "follow or stop following something for another user", allowed: nobody },
  { id: "change-own-notification-settings", description: "choose how and when one hears of each topic (e-mail at once, digest, bell)", allowed: signedIn },
  { id: "read-another-users-notification-settings", description: "read another user's notification settings", allowed: nobody },
  { id: "change-another-users-notification-settings", description: "change another user's notification settings", allowed: nobody },

  // Moderation
  { id: "edit-post", description: "edit a post directly", allowed: adminOnly },
  { id: "approve-post", description: "approve a pending post", allowed: team },
  { id: "reject-post", description: "reject a pending post", allowed: team },
  { id: "pin-post", description: "pin or unpin a post", allowed: adminOnly },
  { id: "mark-important", description: "mark or unmark a post as important", allowed: adminOnly },
  { id: "delete-post", description: "delete a post", allowed: adminOnly },
  { id: "delete-comment", description: "delete a comment (with its replies)", allowed: team },
  { id: "read-edit-suggestions", description: "read other users' edit suggestions", allowed: team },
  { id: "approve-edit-suggestion", description: "approve an edit suggestion", allowed: team },
  { id: "reject-edit-suggestion", description: "reject an edit suggestion", allowed: team },
  { id: "read-general-suggestions", description: "read the general suggestions of users", allowed: team },
  { id: "read-suggestion-sender-address", description: "read the e-mail address of a general suggestion's sender", allowed: adminOnly },
  { id: "mark-general-suggestion", description: "mark a general suggestion reviewed, or new again", allowed: team },
  { id: "read-moderation-log", description: "read the moderation log", allowed: team },
  { id: "read-people-log-entries", description: "read the moderation log's entries about People (roles, invitations)", allowed: adminOnly },
  { id: "read-reports", description: "read other members' reports", allowed: team },
  { id: "read-link-health", description: "read Link health (dead and moved sources with the posts citing them)", allowed: team },
  { id: "close-reports", description: "resolve or dismiss the reports of an item", allowed: team },
  { id: "suspend-member", description: "suspend a member for a week", allowed: team },
  { id: "suspend-member-long", description: "suspend a member for longer than 30 days or for good", allowed: adminOnly },
  { id: "hide-revision", description: "hide a revision's content from everyone but admins", allowed: adminOnly },

  // The team's edges: every moderation act goes through the function that logs it, review means someone
  // else's, a moderator changes only what they could have set, hidden means admins only, a suspended account moderates nothing.
  { id: "write-post-directly", description: "change a post's status, pin or important flag, or delete it, by a direct table write", allowed: nobody },
  { id: "delete-comment-directly", description: "delete a comment by a direct table write", allowed: nobody },
  { id: "review-own-post", description: "approve one's own pending post", allowed: adminOnly },
  { id: "approve-own-edit-suggestion", description: "approve one's own edit suggestion", allowed: adminOnly },
  { id: "edit-rejected-post", description: "edit a rejected post", allowed: adminOnly },
  { id: "shorten-long-suspension", description: "shorten a suspension for good by suspending the member again", allowed: adminOnly },
  { id: "read-hidden-revision-quotes", description: "read a hidden revision's words where they are quoted (edit suggestions, the moderation log)", allowed: adminOnly },
  { id: "accept-invitation-while-suspended", description: "accept an invitation while suspended", allowed: nobody },
  { id: "moderate-while-suspended", description: "approve a post while suspended", allowed: nobody },

  // Operations
  { id: "read-last-backup", description: "see when the archive was last backed up, and how big the backup was", allowed: adminOnly },
];

export function isAllowed(actionId: string, actor: Actor): boolean {
  const permission = permissions.find((p) => p.id === actionId);
  if (!permission) throw new Error(`Unknown action ${actionId}`);
  return permission.allowed[actor];
}

/** Every (action, actor, allowed) combination, for table-driven tests. */
export const permissionCases: readonly { action: string; description: string; actor: Actor; allowed: boolean }[] =
  permissions.flatMap((p) => actors.map((actor) => ({ action: p.id, description: p.description, actor, allowed: p.allowed[actor] })));
