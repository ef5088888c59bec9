import { z } from "zod";

/** What a member may follow: a post (its new comments), a tag or an author (their new posts). */
export const followKinds = ["posts", "tags", "authors"] as const;
export type FollowKind = (typeof followKinds)[number];

/** GET, PUT and DELETE /api/follows/{kind}/{id}: whether the caller follows it now. */
export const followState = z
  .object({ following: z.boolean() })
  .meta({ id: "FollowState", example: { following: true } });

/** GET /api/me/follows: everything the caller follows, newest first; only posts they can still read and authors with a public page. */
export const myFollows = z
  .object({
    posts: z.array(z.object({
      postId: z.number().int(),
      title: z.string().meta({ description: "The post's title as readers see it now." }),
      followedAt: z.string(),
    })),
    tags: z.array(z.object({ tag: z.string(), followedAt: z.string() })),
    authors: z.array(z.object({
      authorId: z.uuid(),
      name: z.string().meta({ description: "The author's public name." }),
      followedAt: z.string(),
    })),
  })
  .meta({
    id: "MyFollows",
    example: {
      posts: [{ postId: 42, title: "Opening of the new library", followedAt: "2025-03-02T10:15:00.123456+00:00" }],
      tags: [{ tag: "library", followedAt: "2025-03-01T09:00:00+00:00" }],
      authors: [{ authorId: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f", name: "Ada Lovelace", followedAt: "2025-02-20T18:30:00+00:00" }],
    },
  });

/** What a notification is about, as the member chooses how to hear of it. */
export const notificationTopics = ["decisions", "replies", "comments", "account", "following"] as const;
export type NotificationTopic = (typeof notificationTopics)[number];

/** E-mail at once, in the daily digest, or only in the bell. */
export const deliveries = ["immediate", "digest", "bell"] as const;
export type Delivery = (typeof deliveries)[number];

/** Without a choice of the member's: what they decided and replies at once, what they follow in the digest (private.default_delivery). */
export const defaultDelivery: Record<NotificationTopic, Delivery> = {
  decisions: "immediate",
  replies: "immediate",
  comments: "immediate",
  account: "immediate",
  following: "digest",
};

/** The digest's time without a choice of the member's (public.digest_settings' defaults). */
export const defaultDigest = { timeZone: "UTC", hour: 8 } as const;

/** GET and PUT /api/me/notification-settings: per topic how the caller hears of it, and when their digest goes out. */
export const notificationSettings = z
  .object({
    topics: z.array(z.object({
      topic: z.enum(notificationTopics),
      delivery: z.enum(deliveries),
      isDefault: z.boolean().meta({ description: "True while the member has not chosen: the default applies." }),
    })).meta({ description: "Every topic, in this order: decisions, replies, comments, account, following." }),
    digest: z.object({
      timeZone: z.string().meta({ description: "An IANA time zone name." }),
      hour: z.number().int().min(0).max(23).meta({ description: "The hour (0 to 23) in timeZone when the daily digest goes out." }),
      isDefault: z.boolean().meta({ description: "True while the member has not chosen (UTC, 8)." }),
    }),
  })
  .meta({
    id: "NotificationSettings",
    example: {
      topics: [
        { topic: "decisions", delivery: "immediate", isDefault: true },
        { topic: "replies", delivery: "immediate", isDefault: true },
        { topic: "comments", delivery: "bell", isDefault: false },
        { topic: "account", delivery: "immediate", isDefault: true },
        { topic: "following", delivery: "digest", isDefault: true },
      ],
      digest: { timeZone: "Europe/Berlin", hour: 7, isDefault: false },
    },
  });

const topicMessage = `topic must be one of ${notificationTopics.join(", ")}.`;
const deliveryMessage = `delivery must be one of ${deliveries.join(", ")}.`;
const hourMessage = "hour must be a whole number from 0 to 23.";

/** PUT /api/me/notification-settings: the topics and/or the digest time to change; what is left out stays. */
export const notificationSettingsChange = z
  .object({
    topics: z.array(z.object({
      topic: z.enum(notificationTopics, { error: topicMessage }),
      delivery: z.enum(deliveries, { error: deliveryMessage }),
    }), { error: "topics must be a list of { topic, delivery }." }).max(notificationTopics.length, "Each topic at most once.").optional(),
    digest: z.object({
      timeZone: z.string({ error: "timeZone must be a time zone name such as Europe/Berlin." }).min(1).max(100).optional(),
      hour: z.number({ error: hourMessage }).int(hourMessage).min(0, hourMessage).max(23, hourMessage).optional(),
    }, { error: "digest must be { timeZone, hour }." }).optional(),
  })
  .refine((change) => change.topics !== undefined || change.digest !== undefined, "Send topics or digest to change.")
  .refine((change) => new Set(change.topics?.map((t) => t.topic)).size === (change.topics?.length ?? 0), "Each topic at most once.")
  .meta({ example: { topics: [{ topic: "comments", delivery: "bell" }], digest: { timeZone: "Europe/Berlin", hour: 7 } } });

export type FollowState = z.infer<typeof followState>;
export type MyFollows = z.infer<typeof myFollows>;
export type NotificationSettings = z.infer<typeof notificationSettings>;
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChange>;
