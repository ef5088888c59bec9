import { z } from "zod";

/** A tag of a published post and how many published posts have it. */
export const tagCount = z
  .object({
    tag: z.string(),
    count: z.number().int().positive(),
  })
  .meta({ id: "TagCount", example: { tag: "tour", count: 12 } });

/** GET /api/tags: every tag of a published post, most used first. */
export const tagIndexAnswer = z.object({ tags: z.array(tagCount) });

export type TagCount = z.infer<typeof tagCount>;
export type TagIndexAnswer = z.infer<typeof tagIndexAnswer>;
