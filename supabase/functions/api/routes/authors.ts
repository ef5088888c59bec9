import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeTimeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { authorPageVotables, getAuthorPage } from "../queries/author-page.ts";
import { sharedRead } from "../read-cache/shared-read.ts";

/**
 * GET /authors/{id}: an author's public name, the month they joined and their
 * published posts, newest first, a page at a time. Only for accounts whose
 * name is public (the database decides: private.public_author); any other id
 * is not found, whether the account exists or not.
 */
export const authorsRouter = new Hono<AppEnv>();

const authorNotFound = "Author not found.";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const authorPageQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

authorsRouter.get("/:id", validate("query", authorPageQuery), (c) => {
  const id = c.req.param("id");
  if (!uuidPattern.test(id)) fail(404, authorNotFound);
  const query = c.req.valid("query");
  const cursor = decodeTimeCursor(query.cursor);
  return sharedRead(c, authorPageVotables, async (caller) => {
    const page = await asCaller(caller, (tx) => getAuthorPage(tx, id, cursor, query.limit));
    return page ?? fail(404, authorNotFound);
  });
});
