import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { authorPage } from "../../_shared/api/authors.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeTimeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pageLimit } from "../http/params.ts";
import { authorPageVotables, getAuthorPage } from "../queries/author-page.ts";
import { sharedRead } from "../read-cache/shared-read.ts";

/**
 * GET /authors/{id}: an author's public name, the month they joined and their
 * published posts, newest published first, a page at a time. Only for accounts whose
 * name is public (the database decides: private.public_author); any other id
 * is not found, whether the account exists or not.
 */
export const authorsRouter = newRouter();

const authorNotFound = "Author not found.";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const authorPageQuery = z.object({
  limit: pageLimit(100, 20).meta({ description: "Posts on the page, 1 to 100 (20 when left out).", example: "20" }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

authorsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    operationId: "getAuthor",
    tags: ["Authors"],
    summary: "An author's public name and their published posts",
    description:
      "Only for accounts whose name is public (a published post or a public comment): any other id, existing or not, is 404. " +
      "Posts newest published first (published_at), a page at a time.",
    ...access("visitor"),
    request: {
      // Checked by the handler: a malformed id is not found (404), like an unknown one.
      params: z.object({ id: z.string().meta({ description: "The author's user id (a UUID).", example: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f" }) }),
      query: authorPageQuery,
    },
    responses: { 200: json(authorPage, "The author and a page of their published posts."), ...errors(400, 404) },
  }),
  (c) => {
    const id = c.req.param("id");
    if (!uuidPattern.test(id)) fail(404, authorNotFound);
    const query = c.req.valid("query");
    const cursor = decodeTimeCursor(query.cursor);
    return sharedRead(c, authorPageVotables, async (caller) => {
      const page = await asCaller(caller, (tx) => getAuthorPage(tx, id, cursor, query.limit));
      return page ?? fail(404, authorNotFound);
    });
  },
);
