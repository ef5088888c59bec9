import { paths } from "@/config/paths";
import type { Notification } from "../api/get-notifications";

/** Shown for someone whose account is gone, as under their comments. */
const deletedUser = "Deleted user";

const withReason = (text: string, reason: string | null) => (reason ? `${text}: ${reason}` : text);

/** What a notification says: the product's wording, word for word. */
export function notificationText(notification: Notification): string {
  const title = notification.post_title;
  const name = notification.actor_name ?? deletedUser;
  switch (notification.kind) {
    case "post_published":
      return `Your post ${title} was published`;
    case "post_rejected":
      return withReason(`Your post ${title} was not accepted`, notification.reason);
    case "edit_applied":
      return `Your edit to ${title} was applied`;
    case "edit_rejected":
      return withReason(`Your edit to ${title} was rejected`, notification.reason);
    // A member may have several posts and comments: the bell says which post the comment is on.
    case "comment_reply":
      return `${name} replied to your comment on “${title}”`;
    case "post_comment":
      return `${name} commented on your post “${title}”`;
  }
}

/** Where it leads: the post, or its comments when it is about a comment. */
export function notificationLink(notification: Notification): string {
  return notification.comment_id ? paths.postComment(notification.post_id, notification.comment_id) : paths.post(notification.post_id);
}
