import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { pageLimit } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { dayAfter, listTimeline, listTimelineMonths, timelinePageVotables } from "../queries/timeline.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";

/**
 * GET /timeline: approved posts by event date (else creation date), newest
 * first, a page at a time; `type` keeps one post type (`type=event`: events
 * only); `from` (YYYY or YYYY-MM) opens it at that year or month, and
 * `newer` pages back up from there. GET /timeline/months: its index.
 */
export const timelineRouter = new Hono<AppEnv>();

const postType = z.string().regex(/^[a-z_]{1,30}$/, "type must be a post type: 1 to 30 lowercase letters or underscores.").optional();
const timeZone = z.string().min(1).max(64).default("UTC");

const timelineQuery = z.object({
  limit: pageLimit(100, 30),
  cursor: z.string().max(200).optional(),
  newer: z.string().max(200).optional(),
  from: z.string().regex(/^(?!0000)\d{4}(-(0[1-9]|1[0-2]))?$/, "from must be a year (YYYY) or a month (YYYY-MM).").optional(),
  type: postType,
  tz: timeZone,
}).refine((query) => !(query.cursor && query.newer), "Give cursor or newer, not both.");

timelineRouter.get("/", validate("query", timelineQuery), (c) => {
  const query = c.req.valid("query");
  const options = {
    limit: query.limit,
    postType: query.type,
    timeZone: query.tz,
    cursor: decodeCursor(query.cursor),
    newer: decodeCursor(query.newer),
    until: query.from ? dayAfter(query.from) : undefined,
  };
  return sharedRead(c, timelinePageVotables, (caller) => asCaller(caller, (tx) => listTimeline(tx, options)));
});

const monthsQuery = z.object({ type: postType, tz: timeZone });

timelineRouter.get("/months", validate("query", monthsQuery), (c) => {
  const query = c.req.valid("query");
  return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => listTimelineMonths(tx, query.tz, query.type)));
});
