import { z } from "zod";

/** One of the caller's notifications: what happened to which post (or comment, or their account), by whom, and whether it was read. */
export const notification = z
  .object({
    id: z.number().int(),
    kind: z.enum([
      "post_published", "post_rejected", "edit_applied", "edit_rejected", "comment_reply", "post_comment",
      "member_suspended", "member_unsuspended", "followed_post_comment", "followed_tag_post", "followed_author_post",
    ]),
    post_id: z.number().int().nullable().meta({ description: "The post it is about; null for a suspension and its lifting." }),
    post_title: z.string().nullable().meta({ description: "The post's title when it happened; null where post_id is." }),
    comment_id: z.number().int().nullable(),
    actor_name: z.string().nullable().meta({ description: "Who commented or posted; null once their account is deleted." }),
    reason: z.string().nullable().meta({ description: "The moderator's reason for a rejection or a suspension, if they gave one." }),
    tag: z.string().nullable().meta({ description: "The followed tag a new post carries (followed_tag_post)." }),
    suspended_until: z.string().nullable().meta({ description: "Until when a suspension holds (member_suspended); \"infinity\": for good." }),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({
    id: "Notification",
    example: {
      id: 9,
      kind: "comment_reply",
      post_id: 42,
      post_title: "Opening of the new library",
      comment_id: 17,
      actor_name: "Ada Lovelace",
      reason: null,
      tag: null,
      suspended_until: null,
      created_at: "2025-03-02T10:15:00.123456+00:00",
      read_at: null,
    },
  });

/** GET /api/notifications: a page of the caller's notifications, newest first, and how many of all of them are unread. */
export const notificationPage = z
  .object({
    notifications: z.array(notification),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." }),
    unread: z.number().int().nonnegative().meta({ description: "All of the caller's unread notifications, not only this page's." }),
  })
  .meta({ id: "NotificationPage" });

/** POST /api/notifications/read: how many of the caller's notifications are still unread. */
export const unreadCount = z.object({ unread: z.number().int().nonnegative() }).meta({ example: { unread: 0 } });

export type Notification = z.infer<typeof notification>;
export type NotificationPage = z.infer<typeof notificationPage>;
export type UnreadCount = z.infer<typeof unreadCount>;
