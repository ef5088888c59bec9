import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { linkHealthPage } from "../../_shared/api/link-health.ts";
import { asCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pageLimit } from "../http/params.ts";
import { listLinkHealth } from "../queries/link-health.ts";

/**
 * /admin/link-health: the dead and moved sources across the
 * archive with the posts citing them, for moderators and admins (the database
 * function checks the role). Mounted by adminRouter, whose guard runs first.
 */
export const adminLinkHealthRouter = newRouter();

const linkHealthQuery = z.object({
  limit: pageLimit(100, 50).meta({ description: "Sources per page, 1 to 100 (50 when left out)." }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

adminLinkHealthRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getLinkHealth",
    tags: ["Admin"],
    summary: "Dead and moved sources with the posts citing them",
    description: "Newest problem first (by the check that found it), a page at a time; only sources some post still cites.",
    ...access("moderator"),
    request: { query: linkHealthQuery },
    responses: { 200: json(linkHealthPage, "A page of dead and moved sources."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const cursor = decodeCursor(query.cursor);
    return c.json(await asCaller(c.var.caller, (tx) => listLinkHealth(tx, { cursor, limit: query.limit })), 200);
  },
);
