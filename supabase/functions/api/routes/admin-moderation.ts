import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { pageLimit, pathId, pathUserId } from "../http/params.ts";
import { validate } from "../http/validate.ts";

/**
 * /admin/reports and /admin/users (mounted by adminRouter, whose guard runs
 * first): members' reports, and suspensions. The database functions check
 * the admin role and the rules, and write the moderation log.
 */
export const adminReportsRouter = new Hono<AppEnv>();
export const adminUsersRouter = new Hono<AppEnv>();

const reportsQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

/** `next`: the first report of the page's last item. */
type ReportQueuePage = QueuePage & { reports: unknown[] };

/**
 * GET /admin/reports: the open reports grouped by item, oldest first, a page
 * at a time (keyset, by each item's first report), and how many items are open.
 */
adminReportsRouter.get("/", validate("query", reportsQuery), async (c) => {
  const { limit } = c.req.valid("query");
  // A report's time and id: another list's cursor (a UUID id, a score) is refused.
  const cursor = decodeTimeCursor(c.req.valid("query").cursor);
  const page = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ page: ReportQueuePage }[]>`
      select private.open_reports(${limit}, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint) as page`;
    return row.page;
  });
  return c.json(queuePageAnswer(page));
});

adminReportsRouter.post("/:id/:action{resolve|dismiss}", async (c) => {
  const id = pathId(c.req.param("id"), "Report not found.");
  const status = c.req.param("action") === "resolve" ? "resolved" : "dismissed";
  const closed = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ closed: number }[]>`select private.close_reports(${id}::bigint, ${status}) as closed`;
    return row.closed;
  });
  const reports = closed === 1 ? "1 report" : `${closed} reports`;
  return c.json({ success: true, closed, message: `${reports} ${status}.` });
});

// Whether the reason is given and the end lies ahead are the database's rules, with its messages.
const suspension = z.object({
  until: z.iso.datetime({ offset: true, error: "until must be an ISO date and time, or null for good." }).nullable(),
  reason: z.string({ error: "reason is required." }),
});

adminUsersRouter.post("/:id/suspend", validate("json", suspension), async (c) => {
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
    success: true,
    until: forGood ? null : new Date(suspendedUntil).toISOString(),
    message: forGood ? "The member is suspended for good." : "The member is suspended.",
  });
});

adminUsersRouter.post("/:id/unsuspend", async (c) => {
  const id = pathUserId(c.req.param("id"));
  await writeAsCaller(c.var.caller, (tx) => tx`select private.unsuspend_user(${id}::uuid)`);
  return c.json({ success: true, message: "The suspension is lifted." });
});
