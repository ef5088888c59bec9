import { z } from "zod";
import { infoBox, post, postSource } from "./posts.ts";
import { reportReasons } from "./reports.ts";

/**
 * The team's work under /api/admin: the review queue, members' reports,
 * suspensions, whom an item is by, and the moderation log. The queues'
 * answers are built by the database (private.pending_posts, open_reports);
 * each page has `nextCursor` (pass it back as `cursor`; null at the end) and
 * `total`, how many the whole queue holds.
 */

/** `{ success: true, message }`: what a moderation act answers. */
export const doneAnswer = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "Post approved successfully!" }),
});

export type DoneAnswer = z.infer<typeof doneAnswer>;

const nextCursor = z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." });
const total = z.number().int().meta({ description: "How many the whole queue holds." });

// A post as the review queue gives it: the post with its content, counters and
// media (private.post_json), its info boxes, its version and its sources.
export const reviewQueuePost = post
  .extend({
    info_boxes: z.array(infoBox),
    version: z.string().meta({ description: "When the post last changed: send it back to approve or reject what was shown." }),
    sources: z.array(postSource),
  })
  .meta({
    id: "ReviewQueuePost",
    description: "A pending post as the review panel shows it, with its content, info boxes, sources and version.",
  });

export type ReviewQueuePost = z.infer<typeof reviewQueuePost>;

export const reviewQueuePage = z
  .object({ posts: z.array(reviewQueuePost), total, nextCursor })
  .meta({ example: { posts: [], total: 0, nextCursor: null } });

export type ReviewQueuePage = z.infer<typeof reviewQueuePage>;

/** An item's open reports: the post or comment, its author, and each reason with its count and texts. */
export const reportedItem = z
  .object({
    /** The item's first open report: resolve or dismiss the item's reports by it. */
    report_id: z.number().int(),
    kind: z.enum(["post", "comment"]),
    post_id: z.number().int(),
    comment_id: z.number().int().nullable(),
    post_title: z.string().nullable(),
    /** The post's excerpt, or the comment's first 300 characters. */
    excerpt: z.string().nullable(),
    author_id: z.uuid().nullable(),
    author_name: z.string().nullable(),
    report_count: z.number().int(),
    first_reported_at: z.string(),
    reasons: z.array(z.object({
      reason: z.enum(reportReasons),
      count: z.number().int(),
      /** The reporters' own words, oldest first. */
      details: z.array(z.string()),
    })),
  })
  .meta({
    id: "ReportedItem",
    example: {
      report_id: 41,
      kind: "comment",
      post_id: 7,
      comment_id: 93,
      post_title: "The first meeting",
      excerpt: "Buy cheap watches at…",
      author_id: "0b6f3c1e-8d0a-4f2b-9c55-5a1f0c2e7d31",
      author_name: "Ada L.",
      report_count: 2,
      first_reported_at: "2026-12-01T10:02:33.120417+00:00",
      reasons: [{ reason: "spam", count: 2, details: ["An advert."] }],
    },
  });

export type ReportedItem = z.infer<typeof reportedItem>;

export const reportQueuePage = z.object({ reports: z.array(reportedItem), total, nextCursor });

export type ReportQueuePage = z.infer<typeof reportQueuePage>;

export const reportsClosedAnswer = z.object({
  success: z.literal(true),
  /** How many open reports of the item were closed. */
  closed: z.number().int(),
  message: z.string().meta({ example: "2 reports resolved." }),
});

export type ReportsClosedAnswer = z.infer<typeof reportsClosedAnswer>;

export const suspendedAnswer = z.object({
  success: z.literal(true),
  /** ISO 8601 in UTC; null: for good. */
  until: z.string().nullable(),
  message: z.string().meta({ example: "The member is suspended." }),
});

export type SuspendedAnswer = z.infer<typeof suspendedAnswer>;

/** A suspension now in force: until an ISO time, or null for good. */
const suspensionNow = z.object({ until: z.string().nullable(), reason: z.string().nullable() });

export const itemAuthorAnswer = z
  .object({
    /** Null once the account is gone. */
    author: z
      .object({
        id: z.uuid(),
        name: z.string().nullable(),
        /** Null while not suspended. */
        suspension: suspensionNow.nullable(),
      })
      .nullable(),
  })
  .meta({
    example: { author: { id: "0b6f3c1e-8d0a-4f2b-9c55-5a1f0c2e7d31", name: "Ada L.", suspension: null } },
  });

export type ItemAuthorAnswer = z.infer<typeof itemAuthorAnswer>;

export const suspendedAuthorsAnswer = z.object({
  authors: z.array(z.object({
    kind: z.enum(["post", "comment"]),
    /** The post's or the comment's id. */
    id: z.number().int(),
    author: z.object({ id: z.uuid(), name: z.string().nullable(), suspension: suspensionNow }),
  })),
});

export type SuspendedAuthorsAnswer = z.infer<typeof suspendedAuthorsAnswer>;

export const moderationLogEntry = z
  .object({
    id: z.number().int(),
    /** approve_post, reject_post, suspend_user, change_role, … */
    action: z.string(),
    actor_name: z.string().nullable(),
    post_id: z.number().int().nullable(),
    post_title: z.string().nullable(),
    comment_id: z.number().int().nullable(),
    suggestion_id: z.number().int().nullable(),
    /** What the action recorded besides: a reason, the fields changed, a role's from and to, … */
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({
    id: "ModerationLogEntry",
    example: {
      id: 310,
      action: "reject_post",
      actor_name: "Grace H.",
      post_id: 7,
      post_title: "The first meeting",
      comment_id: null,
      suggestion_id: null,
      details: { reason: "A duplicate." },
      created_at: "2026-12-01T10:02:33.120417+00:00",
    },
  });

export type ModerationLogEntry = z.infer<typeof moderationLogEntry>;

export const moderationLogPage = z.object({ entries: z.array(moderationLogEntry), nextCursor });

export type ModerationLogPage = z.infer<typeof moderationLogPage>;
