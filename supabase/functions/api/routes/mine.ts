import { Hono } from "hono";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { pathId } from "../http/params.ts";

/**
 * GET /posts/{id}/mine: what on a post is the caller's own, so the SPA offers
 * its author Edit and Delete rather than Report. Public answers name no
 * authors by id (and are kept for every visitor alike), so this is a
 * separate, personal read as the caller, never the read cache's.
 */
export const mineRouter = new Hono<AppEnv>().get("/", async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  requireUser(c.var.caller, "Please sign in first.");
  const [row] = await asCaller(c.var.caller, (tx) =>
    tx<{ post: boolean; comments: string[] }[]>`
      select exists (select 1 from public.posts p where p.id = ${postId} and p.author_id = (select auth.uid())) as post,
             array(select c.id from public.comments c
                   where c.post_id = ${postId} and c.author_id = (select auth.uid()) and c.deleted_at is null
                   order by c.id) as comments`);
  return c.json({ post: row.post, comments: row.comments.map(Number) });
});
