/**
 * Every route of SPEC §2 in one place. Use the builders for links
 * (`paths.post(id)`) and `routes` for the router's patterns.
 */
export const paths = {
  home: "/",
  timeline: "/timeline",
  allPosts: "/posts/all",
  post: (id: string | number) => `/posts/${encodeURIComponent(String(id))}`,
  postComments: (id: string | number) => `/posts/${encodeURIComponent(String(id))}#comments`,
  createPost: "/create-post",
  suggest: "/suggest",
  /** The header links here; it shows the same screen as `suggest`. */
  suggestion: "/suggestion",
  contact: "/contact",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  signIn: "/sign-in",
  signUp: "/sign-up",
  forgotPassword: "/forgot-password",
  /** Where the recovery e-mail's link lands (signed in by it). */
  resetPassword: "/reset-password",
  account: "/account",
  adminReview: "/admin/review",
  adminSuggestions: "/admin/suggestions",
  adminModerationLog: "/admin/moderation-log",
} as const;

/** Route patterns for the router (relative to `/`). */
export const routes = {
  home: "/",
  timeline: "/timeline",
  allPosts: "/posts/all",
  post: "/posts/:id",
  createPost: "/create-post",
  suggest: "/suggest",
  suggestion: "/suggestion",
  contact: "/contact",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  signIn: "/sign-in/*",
  signUp: "/sign-up/*",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  account: "/account",
  adminReview: "/admin/review",
  adminSuggestions: "/admin/suggestions",
  adminModerationLog: "/admin/moderation-log",
  notFound: "*",
} as const;
