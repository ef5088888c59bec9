/** The message to show for an error from the identity provider. */
export function authErrorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    if (/failed to fetch|networkerror|load failed/i.test(error.message)) {
      return "Could not reach the sign-in service. Check your connection and try again.";
    }
    return error.message;
  }
  return "Something went wrong. Please try again.";
}
