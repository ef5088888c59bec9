import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { doneAnswer, reportQueuePage, reportsClosedAnswer, suspendedAnswer } from "../../_shared/api/moderation.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { access, errors, formRefused, json, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pageLimit, pathId, pathUserId } from "../http/params.ts";

/**
 * /admin/reports and /admin/users (mounted by adminRouter, whose guard runs
 * first): members' reports, and suspensions. The database functions check
 * the admin role and the rules, and write the moderation log.
 */
export const adminReportsRouter = newRouter();
export const adminUsersRouter = newRouter();

const reportsQuery = z.object({
  limit: pageLimit(100, 20).meta({ description: "Items per page, 1 to 100 (20 when left out)." }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

/** `next`: the first report of the page's last item. */
type ReportQueuePage = QueuePage & { reports: unknown[] };

/**
 * GET /admin/reports: the open reports grouped by item, oldest first, a page
 * at a time (keyset, by each item's first report), and how many items are open.
 */
adminReportsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listOpenReports",
    tags: ["Admin"],
    summary: "The open reports, grouped by item",
    description: "Each reported post or comment once, in the order of its first open report, oldest first, a page at a time; " +
      "total counts the items with open reports.",
    ...access("moderator"),
    request: { query: reportsQuery },
    responses: { 200: json(reportQueuePage, "A page of reported items."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    // A report's time and id: another list's cursor (a UUID id, a score) is refused.
    const cursor = decodeTimeCursor(c.req.valid("query").cursor);
    const page = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ page: ReportQueuePage }[]>`
        select private.open_reports(${limit}, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint) as page`;
      return row.page;
    });
    return c.json(queuePageAnswer(page) as z.infer<typeof reportQueuePage>, 200);
  },
);

const reportIdParam = z.object({
  id: z.string().meta({ description: "The report_id of the item's first open report, as the queue gives it.", example: "41" }),
});

/** Closes every open report of the item the report is about: resolved (acted on) or dismissed (nothing to do). */
async function closeReports(c: Context<AppEnv>, status: "resolved" | "dismissed") {
  const id = pathId(c.req.param("id"), "Report not found.");
  const closed = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ closed: number }[]>`select private.close_reports(${id}::bigint, ${status}) as closed`;
    return row.closed;
  });
  const reports = closed === 1 ? "1 report" : `${closed} reports`;
  return { success: true as const, closed, message: `${reports} ${status}.` };
}

for (const [action, status, summary] of [
  ["resolve", "resolved", "Resolve the open reports of an item"],
  ["dismiss", "dismissed", "Dismiss the open reports of an item"],
] as const) {
  adminReportsRouter.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${action}`,
      operationId: `${action}Reports`,
      tags: ["Admin"],
      summary,
      description: `Every open report of the post or comment the report is about becomes ${status} (logged).`,
      ...access("moderator"),
      request: { params: reportIdParam },
      responses: { 200: json(reportsClosedAnswer, `The item's reports are ${status}.`), ...errors(401, 403, 404, 409), ...formRefused },
    }),
    async (c) => c.json(await closeReports(c, status), 200),
  );
}

const userIdParam = z.object({
  id: z.string().meta({ description: "The member's id (a UUID).", example: "0b6f3c1e-8d0a-4f2b-9c55-5a1f0c2e7d31" }),
});

// Whether the reason is given and the end lies ahead are the database's rules, with its messages.
const suspension = z.object({
  until: z.iso.datetime({ offset: true, error: "until must be an ISO date and time, or null for good." }).nullable()
    .meta({ description: "When the suspension ends; null for good (admins only, as is longer than 30 days)." }),
  reason: z.string({ error: "reason is required." }),
});

adminUsersRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/suspend",
    operationId: "suspendMember",
    tags: ["Admin"],
    summary: "Suspend a member",
    description: "Until a time or for good. Moderators suspend for at most 30 days; only admins for longer or for good, " +
      "or shorten a suspension for good. Moderators and admins cannot be suspended. Logged.",
    ...access("moderator"),
    middleware: [nonJsonAsEmpty] as const,
    request: { params: userIdParam, body: { required: true, content: { "application/json": { schema: suspension } } } },
    responses: { 200: json(suspendedAnswer, "The member is suspended."), ...errors(400, 401, 403, 404, 409), ...formRefused },
  }),
  async (c) => {
    const id = pathUserId(c.req.param("id"));
    const { until, reason } = c.req.valid("json");
    const suspendedUntil = await writeAsCaller(c.var.caller, async (tx) => {
      // As text: postgres.js would round a timestamp parameter to milliseconds.
      const [row] = await tx<{ until: string }[]>`
        select private.suspend_user(${id}::uuid, ${until}::text::timestamptz, ${reason})::text as until`;
      return row.until;
    });
    const forGood = suspendedUntil === "infinity";
    return c.json({
      success: true as const,
      until: forGood ? null : new Date(suspendedUntil).toISOString(),
      message: forGood ? "The member is suspended for good." : "The member is suspended.",
    }, 200);
  },
);

adminUsersRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/unsuspend",
    operationId: "unsuspendMember",
    tags: ["Admin"],
    summary: "Lift a member's suspension",
    description: "A suspension for longer than 30 days or for good is an admin's to lift. Logged.",
    ...access("moderator"),
    request: { params: userIdParam },
    responses: { 200: json(doneAnswer, "The suspension is lifted."), ...errors(401, 403, 404, 409), ...formRefused },
  }),
  async (c) => {
    const id = pathUserId(c.req.param("id"));
    await writeAsCaller(c.var.caller, (tx) => tx`select private.unsuspend_user(${id}::uuid)`);
    return c.json({ success: true as const, message: "The suspension is lifted." }, 200);
  },
);
