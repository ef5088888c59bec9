/**
 * Whether a page load came from the link in the sign-up confirmation e-mail:
 * Auth redirects with the new session and `type=signup` in the fragment.
 */
export function isSignupConfirmation(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return params.get("type") === "signup" && params.has("access_token");
}

/** Read once, as the app starts: auth-js clears the fragment when it takes the session from it. */
export const arrivedFromSignupConfirmation = typeof window !== "undefined" && isSignupConfirmation(window.location.hash);
