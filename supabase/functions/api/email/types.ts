/**
 * What the e-mail drain hands the templates (one outbox row, already joined to
 * its items) and what the templates hand the sender. The drain (drain.ts), the
 * templates (templates.ts) and the sender (resend.ts) agree on these shapes.
 */

/** The kinds of notification a member can send to e-mail, the bell only, or a daily digest, one by one. */
export type NotificationTopic = "decisions" | "replies" | "comments" | "account" | "following";

export const notificationTopics: readonly NotificationTopic[] = ["decisions", "replies", "comments", "account", "following"];

export type EmailItemKind =
  | "post_published"
  | "post_rejected"
  | "edit_applied"
  | "edit_rejected"
  | "comment_reply"
  | "post_comment"
  | "member_suspended"
  | "member_unsuspended"
  | "followed_post_comment"
  | "followed_tag_post"
  | "followed_author_post";

export interface EmailItem {
  id: number;
  kind: EmailItemKind;
  topic: NotificationTopic;
  postId: number | null;
  postTitle: string | null;
  commentId: number | null;
  actorName: string | null;
  commentExcerpt: string | null;
  reason: string | null;
  tag: string | null;
  /** ISO, or "infinity" for a suspension without end. */
  suspendedUntil: string | null;
  /** ISO */
  createdAt: string;
}

export interface EmailInput {
  outboxId: number;
  batch: "immediate" | "digest";
  to: string;
  recipientId: string;
  recipientName: string;
  /** YYYY-MM-DD, the member's local date a digest covers; null for an immediate e-mail. */
  digestDate: string | null;
  items: EmailItem[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}
