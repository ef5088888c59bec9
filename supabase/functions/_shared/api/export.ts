import { z } from "zod";

/**
 * One post in a download of All posts (GET /api/export/posts?format=json; the
 * CSV has the same columns in this order): the list's card with its score and
 * the post's address on the site (docs/api.md, "Downloads").
 */
export const exportedPost = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.string().meta({ description: "The post type: discussion, event or another." }),
    author: z.string().meta({ description: "The author's display name, or \"Deleted user\"." }),
    created_at: z.string(),
    event_date: z.string().nullable(),
    tags: z.array(z.string()),
    score: z.number().int().meta({ description: "Upvotes minus downvotes." }),
    comment_count: z.number().int().nonnegative(),
    url: z.string().meta({ description: "The post's page on the site." }),
    excerpt: z.string(),
    references: z.string().nullable(),
  })
  .meta({
    id: "ExportedPost",
    example: {
      id: 42,
      title: "Opening of the new library",
      type: "event",
      author: "Ada Lovelace",
      created_at: "2026-03-01T12:00:00+00:00",
      event_date: "2024-05-01T00:00:00+00:00",
      tags: ["library", "history"],
      score: 2,
      comment_count: 0,
      url: "https://archive.example/posts/42",
      excerpt: "The town's library opened its doors on Main Street.",
      references: "https://a.example/one",
    },
  });

/** GET /api/export/posts?format=json: the posts, in the list's order. */
export const exportedPosts = z.array(exportedPost);

export type ExportedPost = z.infer<typeof exportedPost>;

/** GET /api/export/archive-info: what the Data page says of the whole archive's download, without making it. */
export const archiveInfo = z
  .object({
    newest_post_at: z.string().nullable().meta({ description: "When the newest post in the archive was published (ISO 8601); null while none is." }),
    size: z
      .object({
        bytes: z.number().int().nonnegative(),
        measured_at: z.string().meta({ description: "When a whole download of this size was last sent (ISO 8601)." }),
      })
      .nullable()
      .meta({ description: "The archive is streamed, so its size is known only once sent: the last whole download's; null before the first." }),
  })
  .meta({
    id: "ArchiveInfo",
    example: { newest_post_at: "2026-12-06T09:12:00+00:00", size: { bytes: 1843210, measured_at: "2026-12-06T10:00:00+00:00" } },
  });

export type ArchiveInfo = z.infer<typeof archiveInfo>;
