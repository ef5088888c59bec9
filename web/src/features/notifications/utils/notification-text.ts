import { paths } from "@/config/paths";
import type { Notification } from "../api/get-notifications";
import { formatDate } from "@/lib/date-format";

/** Shown for someone whose account is gone, as under their comments. */
const deletedUser = "Deleted user";

const withReason = (text: string, reason: string | null) => (reason ? `${text}: ${reason}` : text);

/** A suspension's end as people read it, in their own time zone (as the account's note says it): "November 27, 2026 at 2:05 PM". */
function suspensionEnd(until: string | null, locale?: string): string {
  if (!until || until === "infinity") return "for good";
  return `until ${formatDate(new Date(until), locale, { dateStyle: "long", timeStyle: "short" })}`;
}

/** What a notification says: the product's wording, word for word. */
export function notificationText(notification: Notification, locale?: string): string {
  const title = notification.post_title ?? "";
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
    case "member_suspended":
      return withReason(`Your account was suspended ${suspensionEnd(notification.suspended_until, locale)}`, notification.reason);
    case "member_unsuspended":
      return "Your suspension was lifted: you can take part again";
    case "followed_post_comment":
      return `${name} commented on “${title}”, a post you follow`;
    case "followed_tag_post":
      return `New post in #${notification.tag ?? ""}: “${title}” by ${name}`;
    case "followed_author_post":
      return `${name}, whom you follow, posted “${title}”`;
  }
}

/** Where it leads: the post, or the comment's permalink when it is about a comment; null when it is about no post (the account). */
export function notificationLink(notification: Notification): string | null {
  if (notification.post_id === null) return null;
  return notification.comment_id ? paths.postComment(notification.post_id, notification.comment_id) : paths.post(notification.post_id);
}
