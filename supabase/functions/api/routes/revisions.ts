import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { pageLimit, pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { getRevisionComparison, listRevisions } from "../queries/revisions.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";

/**
 * GET /posts/{id}/revisions and /posts/{id}/revisions/{revisionId}: a post's
 * history. Readable by everyone who may read the post, and the same for
 * everyone: content an admin hid is left out here for admins too, who read it
 * at /admin/revisions/{id} (admin-revisions.ts). Mounted by the posts
 * router. Nothing here writes
 * (revisions are recorded by the database when a change is published).
 */
export const revisionsRouter = new Hono<AppEnv>();

const postNotFound = "Post not found.";

const listQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

revisionsRouter.get("/", validate("query", listQuery), (c) => {
  const postId = pathId(c.req.param("id"), postNotFound);
  const { limit, cursor } = c.req.valid("query");
  const options = { limit, cursor: decodeCursor(cursor) };
  return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => listRevisions(tx, postId, options)));
});

revisionsRouter.get("/:revisionId", (c) => {
  const postId = pathId(c.req.param("id"), postNotFound);
  const revisionId = pathId(c.req.param("revisionId"), "Revision not found.");
  return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => getRevisionComparison(tx, revisionId, { postId })));
});
