import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { revisionComparison, revisionPage } from "../../_shared/api/revisions.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pageLimit, pathId } from "../http/params.ts";
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
export const revisionsRouter = newRouter();

const postNotFound = "Post not found.";
const postId = z.string().meta({ description: "The post's id.", example: "42" });

const listQuery = z.object({
  limit: pageLimit(100, 20).meta({ description: "Revisions on a page, 1 to 100 (20 when left out).", example: "20" }),
  cursor: z.string().max(200).optional().meta({ description: "The previous page's nextCursor." }),
});

revisionsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listPostRevisions",
    tags: ["Revisions"],
    summary: "A page of a published post's history, newest first",
    description: "Each revision names the fields it changed; the content an admin hid is left out for everyone here.",
    ...access("visitor"),
    request: { params: z.object({ id: postId }), query: listQuery },
    responses: { 200: json(revisionPage, "A page of the post's revisions."), ...errors(400, 404) },
  }),
  (c) => {
    const postId = pathId(c.req.valid("param").id, postNotFound);
    const { limit, cursor } = c.req.valid("query");
    const options = { limit, cursor: decodeCursor(cursor) };
    return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => listRevisions(tx, postId, options)));
  },
);

revisionsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{revisionId}",
    operationId: "getPostRevision",
    tags: ["Revisions"],
    summary: "A revision with its fields and the one before it, to compare",
    ...access("visitor"),
    request: {
      params: z.object({ id: postId, revisionId: z.string().meta({ description: "The revision's id.", example: "9" }) }),
    },
    responses: { 200: json(revisionComparison, "The revision and the one before it (null for the first)."), ...errors(404) },
  }),
  (c) => {
    const params = c.req.valid("param");
    const postId = pathId(params.id, postNotFound);
    const revisionId = pathId(params.revisionId, "Revision not found.");
    return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => getRevisionComparison(tx, revisionId, { postId })));
  },
);
