import { z } from "zod";

/** The kinds of e-mail a link can turn off: one topic, or "digest" (every topic now sent as the daily digest). */
export const unsubscribeTopic = z
  .enum(["decisions", "replies", "comments", "account", "following", "digest"])
  .meta({ id: "UnsubscribeTopic" });

export type UnsubscribeTopicName = z.infer<typeof unsubscribeTopic>;

/**
 * What each kind of e-mail is about, in the words of "You will no longer get
 * e-mails about …": the e-mails' footers and the unsubscribe page say the same.
 */
export const unsubscribeTopicAbout: Record<UnsubscribeTopicName, string> = {
  decisions: "decisions on your posts and suggested edits",
  replies: "replies to your comments",
  comments: "comments on your posts",
  account: "your account",
  following: "the posts, tags and authors you follow",
  digest: "anything in your daily digest",
};

/** The signed token every e-mail's unsubscribe link carries. */
export const unsubscribeQuery = z.object({
  token: z.string().min(1, "The unsubscribe link is incomplete: it has no token.").max(1024, "That unsubscribe link is not valid.").meta({
    description: "The signed, expiring token from the e-mail's link (60 days).",
  }),
});

/** GET /api/email/unsubscribe: what the link would turn off. Never changes anything: mail scanners open links. */
export const unsubscribePreview = z
  .object({
    valid: z.literal(true),
    topic: unsubscribeTopic,
    about: z.string().meta({ description: "What those e-mails are about, as in “You will no longer get e-mails about …”." }),
  })
  .meta({ id: "UnsubscribePreview", example: { valid: true, topic: "replies", about: "replies to your comments" } });

/** POST /api/email/unsubscribe: the topic now delivered to the bell only. */
export const unsubscribed = z
  .object({
    topic: unsubscribeTopic,
    about: z.string(),
  })
  .meta({ id: "Unsubscribed", example: { topic: "replies", about: "replies to your comments" } });

/** POST /api/email/webhooks/resend: what the event changed. */
export const webhookAnswer = z
  .object({
    ok: z.literal(true),
    suppressed: z.number().int().nonnegative().meta({ description: "Addresses that now get no more mail (bounced or complained)." }),
  })
  .meta({ id: "EmailWebhookAnswer", example: { ok: true, suppressed: 1 } });

export type UnsubscribePreview = z.infer<typeof unsubscribePreview>;
export type Unsubscribed = z.infer<typeof unsubscribed>;
