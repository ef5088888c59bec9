/**
 * Every route of SPEC §2, once: the router's patterns (`routes`). The links
 * (`paths`) and the path tests of index.html's early requests (`routeRegExp`,
 * src/app/early-requests.ts) are derived from them. Also bundled into that
 * inline script: no imports.
 */
export const routes = {
  home: "/",
  timeline: "/timeline",
  allPosts: "/posts/all",
  /** Every tag with its count of published posts; `?sort=name` lists them A to Z. */
  tags: "/tags",
  /** An author's public page: their name, since when they are a member, and their published posts. */
  author: "/authors/:authorId",
  post: "/posts/:id",
  /** A post's revisions, newest first; `?revision=` compares one with the one before it. */
  postHistory: "/posts/:id/history",
  createPost: "/create-post",
  suggest: "/suggest",
  /** The header links here; it shows the same screen as `suggest`. */
  suggestion: "/suggestion",
  contact: "/contact",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  /** What the archive offers for download (the footer's Data link). */
  data: "/data",
  /** The API's reference, rendered from its OpenAPI document (linked from the Data page). */
  dataApi: "/data/api",
  // SPEC §2 gives the auth pages every path below them (`/sign-in/*`).
  signIn: "/sign-in/*",
  signUp: "/sign-up/*",
  forgotPassword: "/forgot-password",
  /** Where the recovery e-mail's link lands (signed in by it). */
  resetPassword: "/reset-password",
  account: "/account",
  /** My contributions: the signed-in user's posts and suggestions and what became of them. */
  me: "/me",
  /** Every notification of the signed-in user, newest first (the bell shows the newest). */
  notifications: "/notifications",
  /** Where every notification e-mail's Unsubscribe link lands (no sign-in: the link carries a signed token). */
  unsubscribe: "/unsubscribe",
  adminReview: "/admin/review",
  adminSuggestions: "/admin/suggestions",
  adminModerationLog: "/admin/moderation-log",
  /** Dead and moved sources across the archive, with the posts citing them (moderators and admins). */
  adminLinkHealth: "/admin/link-health",
  /** Every account, for admins: search, roles, suspensions, invitations. */
  adminPeople: "/admin/people",
  /** Where the invitation e-mail's link lands (signed in by it): the invitee chooses a name and password. */
  welcomeInvite: "/welcome/invite",
} as const;

type RouteName = keyof typeof routes;

/** What a path parameter matches where a route is recognised outside the router: post ids are numbers, account ids UUIDs. */
const parameterPatterns: Record<string, string> = { id: "\\d+", authorId: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" };

/** The link to a route: its pattern without the trailing `/*`, with `:id` filled in (encoded). */
function link(pattern: string, id?: string | number): string {
  return pattern.replace(/\/\*$/, "").replace(/:[A-Za-z]+/, () => encodeURIComponent(String(id)));
}

type Links = { [Name in RouteName]: (typeof routes)[Name] extends `${string}:${string}` ? (id: string | number) => string : string };

/** Links to every route: `paths.timeline`, `paths.post(id)`. */
export const paths = {
  ...(Object.fromEntries(
    Object.entries(routes).map(([name, pattern]) => [name, pattern.includes(":") ? (id: string | number) => link(pattern, id) : link(pattern)]),
  ) as Links),
  postComments: (id: string | number) => `${link(routes.post, id)}#comments`,
  /** One comment on its post's page (comments-section.tsx gives each this anchor). */
  postComment: (id: string | number, commentId: number) => `${link(routes.post, id)}#comment-${commentId}`,
  /** All posts filtered by one tag. */
  /** The account page's notification settings (the following feature's section). */
  notificationSettings: `${routes.account}#notifications`,
  postsTagged: (tag: string) => `${routes.allPosts}?${new URLSearchParams({ tags: tag })}`,
};

/** A RegExp source that tells whether a location's path is this route (a trailing slash allowed), capturing its parameters in order. */
export function routeRegExp(name: RouteName): string {
  const source = routes[name]
    .replace(/\/\*$/, "")
    .split(/(:[A-Za-z]+)/)
    .map((part) => (part.startsWith(":") ? `(${parameterPatterns[part.slice(1)] ?? "[^/]+"})` : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return `^${source === "/" ? "/" : `${source}/?`}$`;
}
