import { Hono } from "hono";
import { z } from "zod";
import { decodeCursor } from "../../_shared/cursor.ts";
import { asCaller } from "../../_shared/db.ts";
import { pageLimit } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";
import { sharedRead } from "../middleware/shared-read.ts";
import { listPosts, postPageVotables } from "../queries/post-list.ts";

/** GET /timeline: approved posts by event date (else creation date), newest first, a page at a time. */
export const timelineRouter = new Hono<AppEnv>();

const timelineQuery = z.object({
  limit: pageLimit(100, 30),
  cursor: z.string().max(200).optional(),
  tz: z.string().min(1).max(64).default("UTC"),
});

timelineRouter.get("/", validate("query", timelineQuery), (c) => {
  const query = c.req.valid("query");
  const options = {
    sort: "newest",
    timeZone: query.tz,
    cursor: decodeCursor(query.cursor),
    limit: query.limit,
    contentPreview: true,
  } as const;
  return sharedRead(c, postPageVotables, (caller) => asCaller(caller, (tx) => listPosts(tx, options)));
});
