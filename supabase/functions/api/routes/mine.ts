import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { mineAnswer } from "../../_shared/api/mine.ts";
import { requireUser } from "../auth/guards.ts";
import { asCaller } from "../db/lanes.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";

/**
 * GET /posts/{id}/mine: what on a post is the caller's own, so the SPA offers
 * its author Edit and Delete rather than Report. Public answers name no
 * authors by id (and are kept for every visitor alike), so this is a
 * separate, personal read as the caller, never the read cache's.
 */
export const mineRouter = newRouter();

mineRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getPostOwnership",
    tags: ["Posts"],
    summary: "What on a post is the caller's own",
    description: "Whether the caller wrote the post, and which of its comments are theirs, so the SPA offers Edit and Delete rather than Report.",
    ...access("member"),
    request: {
      // Checked by the handler: an id that is not a post id is not found (404).
      params: z.object({ id: z.string().meta({ description: "The post's id.", example: "42" }) }),
    },
    responses: { 200: json(mineAnswer, "The caller's own parts of the post (none for a post they cannot see)."), ...errors(401, 404) },
  }),
  async (c) => {
    const postId = pathId(c.req.param("id"), "Post not found.");
    requireUser(c.var.caller, "Please sign in first.");
    const [row] = await asCaller(c.var.caller, (tx) =>
      tx<{ post: boolean; comments: string[] }[]>`
        select exists (select 1 from public.posts p where p.id = ${postId} and p.author_id = (select auth.uid())) as post,
               array(select c.id from public.comments c
                     where c.post_id = ${postId} and c.author_id = (select auth.uid()) and c.deleted_at is null
                     order by c.id) as comments`);
    return c.json({ post: row.post, comments: row.comments.map(Number) }, 200);
  },
);
