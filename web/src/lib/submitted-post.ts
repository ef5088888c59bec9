/** The router state Create post leaves for Home: which post was just sent for review. */
export type SubmittedState = { submittedPostId: number };

export const submittedState = (postId: number): SubmittedState => ({ submittedPostId: postId });

/** The post just sent, when the page was reached right after sending it (a reload or a link keeps no state). */
export function submittedPostId(state: unknown): number | null {
  if (!state || typeof state !== "object") return null;
  const id = (state as Partial<SubmittedState>).submittedPostId;
  return typeof id === "number" ? id : null;
}
