import { z } from "@/lib/zod";

// Loaded when a comment is sent, so a post's first paint never waits for zod.

/** SPEC §5: non-empty after trimming. parentId makes it a reply (one level deep). */
export const createCommentInputSchema = z.object({
  content: z.string().trim().min(1, "Write a comment first"),
  parentId: z.number().int().positive().nullable().default(null),
});

/** SPEC §5, as for a new comment: non-empty after trimming. Its limits are the server's, with its words. */
export const updateCommentInputSchema = z.object({
  content: z.string().trim().min(1, "Write a comment first"),
});
