import type { Post } from "@/types/api";

/**
 * Whether a post is dated after `now`: an event still to come. The same line
 * the API draws for `from=now` (a post's list date is its event date, else its
 * creation date, which is never in the future).
 */
export function isUpcoming(post: Pick<Post, "event_timestamp">, now = Date.now()): boolean {
  if (!post.event_timestamp) return false;
  const time = new Date(post.event_timestamp).getTime();
  return !Number.isNaN(time) && time > now;
}
