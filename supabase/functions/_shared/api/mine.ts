import { z } from "zod";

/** GET /api/posts/{id}/mine: what on a post is the caller's own (the post itself, and which of its comments). */
export const mineAnswer = z
  .object({
    post: z.boolean().meta({ description: "The caller wrote the post." }),
    comments: z.array(z.number().int()).meta({ description: "The ids of the caller's own comments on it that are not deleted, in id order." }),
  })
  .meta({ id: "Mine", example: { post: false, comments: [12, 15] } });

export type MineAnswer = z.infer<typeof mineAnswer>;
