import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { timelineMonths, timelinePage } from "../../_shared/api/timeline.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pageLimit } from "../http/params.ts";
import { dayAfter, listTimeline, listTimelineMonths, timelinePageVotables } from "../queries/timeline.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";

/**
 * GET /timeline: approved posts by event date (else creation date), newest
 * first, a page at a time; `type` keeps one post type (`type=event`: events
 * only); `from` (YYYY or YYYY-MM) opens it at that year or month, and
 * `newer` pages back up from there. GET /timeline/months: its index.
 */
export const timelineRouter = newRouter();

const postType = z.string().regex(/^[a-z_]{1,30}$/, "type must be a post type: 1 to 30 lowercase letters or underscores.").optional()
  .meta({ description: "Only posts of this type (event: events only).", example: "event" });
const timeZone = z.string().min(1).max(64).default("UTC")
  .meta({ description: "The reader's IANA time zone, which decides where a month starts.", example: "Europe/Berlin" });

const timelineQuery = z.object({
  limit: pageLimit(100, 30).meta({ description: "Posts on the page, 1 to 100 (30 when left out).", example: "30" }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page above: the older posts below it." }),
  newer: z.string().max(200).optional().meta({ description: "The newerCursor of the page below: the newer posts above it." }),
  from: z.string().regex(/^(?!0000)\d{4}(-(0[1-9]|1[0-2]))?$/, "from must be a year (YYYY) or a month (YYYY-MM).").optional()
    .meta({ description: "Open the timeline at this year (YYYY) or month (YYYY-MM).", example: "2025-04" }),
  type: postType,
  tz: timeZone,
}).refine((query) => !(query.cursor && query.newer), "Give cursor or newer, not both.");

timelineRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listTimelinePosts",
    tags: ["Timeline"],
    summary: "Approved posts by event date, newest first, a page at a time",
    description:
      "Posts by event date, else creation date. `from` opens the timeline at a year or month (newerCursor then leads back up); " +
      "`cursor` pages down, `newer` pages up; give one of them, not both.",
    ...access("visitor"),
    request: { query: timelineQuery },
    responses: { 200: json(timelinePage, "A page of the timeline."), ...errors(400) },
  }),
  (c) => {
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
  },
);

const monthsQuery = z.object({ type: postType, tz: timeZone });

timelineRouter.openapi(
  createRoute({
    method: "get",
    path: "/months",
    operationId: "listTimelineMonths",
    tags: ["Timeline"],
    summary: "The months that have posts on the timeline, newest first",
    ...access("visitor"),
    request: { query: monthsQuery },
    responses: { 200: json(timelineMonths, "The timeline's index: its months as YYYY-MM in the reader's time zone."), ...errors(400) },
  }),
  (c) => {
    const query = c.req.valid("query");
    return sharedRead(c, noVotables, (caller) => asCaller(caller, (tx) => listTimelineMonths(tx, query.tz, query.type)));
  },
);
