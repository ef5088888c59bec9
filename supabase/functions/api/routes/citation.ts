import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { citationQuery, cslJson } from "../../_shared/api/citations.ts";
import { anonymous } from "../auth/caller.ts";
import { citationItem } from "../citation/citation-item.ts";
import { formatCitation } from "../citation/format-citation.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import { access, errors, newRouter } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";
import { getCitedPost } from "../queries/cited-post.ts";
import { visitorAnswer } from "../read-cache/cache.ts";
import type { CitedPost } from "../citation/citation-item.ts";

/**
 * GET /posts/{id}/citation?format=apa|mla|chicago|bibtex|csl-json[&accessed=YYYY-MM-DD][&tz=Area/City]:
 * a published post's citation, linking to its current revision.
 * Only published posts are cited, so it is read as a visitor whoever asks,
 * and what it is built from is kept in the read cache like visitors' reads
 * (the key leaves out format and day, which the answer is formatted with).
 * Mounted by the posts router.
 */
export const citationRouter = newRouter();

const postNotFound = "Post not found.";

/** Today as YYYY-MM-DD in `timeZone` (en-CA writes days that way). */
const today = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

citationRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getPostCitation",
    tags: ["Posts"],
    summary: "Cite a published post",
    description: "APA, MLA and Chicago as one line of plain text, BibTeX, or CSL-JSON; the link names the post's current revision.",
    ...access("visitor"),
    request: {
      params: z.object({ id: z.string().meta({ description: "The post's id.", example: "42" }) }),
      query: citationQuery,
    },
    responses: {
      200: {
        description: "The citation in the format asked for. X-Read-Cache: hit when it was built from the read cache.",
        content: {
          "text/plain": { schema: { type: "string", example: "Lovelace, A. (2026, May 1). Opening of the community garden. The Community Archive. https://archive.example.org/posts/42/history?revision=9\n" } },
          "application/x-bibtex": { schema: { type: "string" } },
          "application/vnd.citationstyles.csl+json": { schema: cslJson },
        },
      },
      ...errors(400, 404),
    },
  }),
  async (c) => {
    const postId = pathId(c.req.valid("param").id, postNotFound);
    const { format, tz = "UTC", accessed = today(tz) } = c.req.valid("query");
    const answer = await visitorAnswer(`${env.siteUrl}/api/posts/${postId}/citation`, async () =>
      (await asCaller(anonymous, (tx) => getCitedPost(tx, postId))) ?? fail(404, postNotFound));
    const post = JSON.parse(answer.json) as CitedPost;
    const citation = await formatCitation(citationItem(post, { url: env.siteUrl, name: env.siteName }, accessed, tz), format);
    if (answer.fromMemory) c.header("X-Read-Cache", "hit");
    return c.body(citation.text, 200, { "content-type": citation.contentType });
  },
);
