import { z } from "zod";
import { post } from "./posts.ts";

/** Someone whose name is public (private.public_author): they have a published post or a public comment. */
export const publicAuthor = z
  .object({
    id: z.uuid(),
    name: z.string(),
    member_since: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: "The month the account was made, YYYY-MM (UTC)." }),
    post_count: z.number().int().nonnegative().meta({ description: "Published posts." }),
  })
  .meta({
    id: "PublicAuthor",
    example: { id: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f", name: "Ada Lovelace", member_since: "2025-01", post_count: 4 },
  });

/** A post on its author's page: with the date it was published, the page's order. */
export const authorPost = post
  .extend({
    published_at: z.string().meta({
      description: "When it was published (approved; a post that needed no review: written), ISO 8601. The author page's order.",
      example: "2026-05-01T15:00:00+00:00",
    }),
  })
  .meta({ id: "AuthorPost" });

/** GET /api/authors/{id}: the author and a page of their published posts, newest published first. */
export const authorPage = z
  .object({
    author: publicAuthor,
    posts: z.array(authorPost),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "AuthorPage" });

export type PublicAuthorAnswer = z.infer<typeof publicAuthor>;
export type AuthorPost = z.infer<typeof authorPost>;
export type AuthorPage = z.infer<typeof authorPage>;
