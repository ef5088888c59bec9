import { createContext, useContext } from "react";

/** The signed-in user's highest role, as GET /api/role answers it (admin > moderator > user). */
export type Role = "admin" | "moderator" | "user";

/**
 * What a role may do in the SPA: every control that moderates asks this map,
 * so a role's reach is written once (the database refuses the rest anyway).
 */
export type Capabilities = {
  /** The review panel (new posts, edit suggestions, reports): approve, reject or edit a pending post, dismiss reports. */
  review: boolean;
  /** Edit a published post directly. */
  editPublishedPosts: boolean;
  /** Pin, unpin, mark important and unmark a post. */
  featurePosts: boolean;
  deletePosts: boolean;
  deleteComments: boolean;
  /** The longest suspension they may set, in days: 0 none, Infinity any (for good included). */
  longestSuspensionDays: number;
  readSuggestions: boolean;
  readModerationLog: boolean;
  /** Link health: dead and moved sources across the archive. */
  readLinkHealth: boolean;
  /** Hide and show again a revision's content, and read what is hidden. */
  hideRevisions: boolean;
  /** The People page: every account, roles, invitations. */
  managePeople: boolean;
  /** Posting and commenting cooldowns do not apply. */
  skipCooldowns: boolean;
};

export type Capability = { [Name in keyof Capabilities]: Capabilities[Name] extends boolean ? Name : never }[keyof Capabilities];

const moderator: Capabilities = {
  review: true,
  editPublishedPosts: false,
  featurePosts: false,
  deletePosts: false,
  deleteComments: true,
  longestSuspensionDays: 30,
  readSuggestions: true,
  readModerationLog: true,
  readLinkHealth: true,
  hideRevisions: false,
  managePeople: false,
  skipCooldowns: true,
};

export const capabilitiesOf: Record<Role, Capabilities> = {
  admin: {
    ...moderator,
    editPublishedPosts: true,
    featurePosts: true,
    deletePosts: true,
    longestSuspensionDays: Infinity,
    hideRevisions: true,
    managePeople: true,
  },
  moderator,
  user: {
    ...moderator,
    review: false,
    deleteComments: false,
    longestSuspensionDays: 0,
    readSuggestions: false,
    readModerationLog: false,
    readLinkHealth: false,
    skipCooldowns: false,
  },
};

export type Authorization = {
  role: Role;
  can: Capabilities;
  /** True while the session or the role is still being read. */
  isLoading: boolean;
};

/** Outside a provider (a visitor, a test of one part): no more than a member. */
const AuthorizationContext = createContext<Authorization>({ role: "user", can: capabilitiesOf.user, isLoading: false });

/** Filled by the app from the auth feature's role lookup, so every feature can ask without importing it. */
export const AuthorizationProvider = AuthorizationContext.Provider;

/** The signed-in user's role and what it may do (a member's reach while unknown, signed out or on error). */
export function useAuthorization(): Authorization {
  return useContext(AuthorizationContext);
}
