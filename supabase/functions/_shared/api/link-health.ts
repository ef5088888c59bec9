import { z } from "zod";

/**
 * GET /api/admin/link-health (moderators and admins): the dead and moved
 * sources across the archive, newest problem first, each with the posts
 * citing it (private.link_health).
 */
export const linkHealthSource = z
  .object({
    url: z.string(),
    host: z.string(),
    state: z.enum(["dead", "moved"]),
    /** Where a moved source went; null for a dead one. */
    moved_to: z.string().nullable(),
    /** The check that found it dead or moved; null if set by hand. */
    checked_at: z.string().nullable(),
    /** A copy in the Wayback Machine, when one was saved. */
    archived_url: z.string().nullable(),
    archived_at: z.string().nullable(),
    /** The posts citing it, newest first, whatever their status. */
    posts: z.array(z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(["pending", "approved", "rejected"]),
    })),
  })
  .meta({
    id: "LinkHealthSource",
    example: {
      url: "https://example.com/minutes-1998.html",
      host: "example.com",
      state: "dead",
      moved_to: null,
      checked_at: "2026-12-01T03:12:45.901233+00:00",
      archived_url: "https://web.archive.org/web/20240101000000/https://example.com/minutes-1998.html",
      archived_at: "2024-01-01T00:00:00+00:00",
      posts: [{ id: 7, title: "The first meeting", status: "approved" }],
    },
  });

export type LinkHealthSource = z.infer<typeof linkHealthSource>;

export const linkHealthPage = z.object({
  sources: z.array(linkHealthSource),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});

export type LinkHealthPage = z.infer<typeof linkHealthPage>;
