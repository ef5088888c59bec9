import { Hono } from "hono";
import { z } from "zod";
import { anonymous } from "../auth/caller.ts";
import { citationItem } from "../citation/citation-item.ts";
import { citationFormats, formatCitation } from "../citation/format-citation.ts";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import { pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { getCitedPost } from "../queries/cited-post.ts";
import { visitorAnswer } from "../read-cache/cache.ts";
import type { CitedPost } from "../citation/citation-item.ts";

/**
 * GET /posts/{id}/citation?format=apa|mla|chicago|bibtex|csl-json[&accessed=YYYY-MM-DD]:
 * a published post's citation, linking to its current revision.
 * Only published posts are cited, so it is read as a visitor whoever asks,
 * and what it is built from is kept in the read cache like visitors' reads
 * (the key leaves out format and day, which the answer is formatted with).
 * Mounted by the posts router.
 */
export const citationRouter = new Hono<AppEnv>();

const postNotFound = "Post not found.";

const todayUtc = () => new Date().toISOString().slice(0, 10);

const citationQuery = z.object({
  format: z.enum(citationFormats, { error: `format must be one of ${citationFormats.join(", ")}.` }),
  // A given access day makes the answer reproducible (tests, a citation regenerated later).
  accessed: z.iso.date("accessed must be a day as YYYY-MM-DD.").optional(),
});

citationRouter.get("/", validate("query", citationQuery), async (c) => {
  const postId = pathId(c.req.param("id"), postNotFound);
  const { format, accessed = todayUtc() } = c.req.valid("query");
  const answer = await visitorAnswer(`${env.siteUrl}/api/posts/${postId}/citation`, async () =>
    (await asCaller(anonymous, (tx) => getCitedPost(tx, postId))) ?? fail(404, postNotFound));
  const post = JSON.parse(answer.json) as CitedPost;
  const citation = await formatCitation(citationItem(post, { url: env.siteUrl, name: env.siteName }, accessed), format);
  if (answer.fromMemory) c.header("X-Read-Cache", "hit");
  return c.body(citation.text, 200, { "content-type": citation.contentType });
});
