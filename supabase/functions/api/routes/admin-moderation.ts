import { Hono } from "hono";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../_shared/cursor.ts";
import { asCaller, writeAsCaller } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";
import { requireAdmin, signedIn } from "../../_shared/guards.ts";
import { pageLimit, pathId } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/**
 * /admin/reports and /admin/users: members' reports and suspensions, and whom
 * a post or comment is by. The database functions check the admin role and
 * the rules, and write the moderation log.
 */
export const adminModerationRouter = new Hono<AppEnv>();

adminModerationRouter.use("*", signedIn("Sign in as an admin first."));

const reportsQuery = z.object({
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

interface ReportQueuePage {
  reports: unknown[];
  /** The first report of the page's last item, when another page follows. */
  next: { key: string; id: number } | null;
  total: number;
}

/**
 * GET /admin/reports: the open reports grouped by item, oldest first, a page
 * at a time (keyset, by each item's first report), and how many items are open.
 */
adminModerationRouter.get("/reports", validate("query", reportsQuery), async (c) => {
  const { limit } = c.req.valid("query");
  const cursor = decodeCursor(c.req.valid("query").cursor);
  // This list's cursors are a report's time and id; another list's (a UUID id, a score) was not given here.
  if (cursor && (typeof cursor.key !== "string" || typeof cursor.id !== "number")) fail(400, "cursor: not a cursor this API returned.");
  const page = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ page: ReportQueuePage }[]>`
      select private.open_reports(${limit}, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint) as page`;
    return row.page;
  });
  return c.json({
    reports: page.reports,
    nextCursor: page.next ? encodeCursor({ key: page.next.key, id: page.next.id }) : null,
    total: page.total,
  });
});

adminModerationRouter.post("/reports/:id/:action{resolve|dismiss}", async (c) => {
  const id = pathId(c.req.param("id"), "Report not found.");
  const status = c.req.param("action") === "resolve" ? "resolved" : "dismissed";
  const closed = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ closed: number }[]>`select private.close_reports(${id}::bigint, ${status}) as closed`;
    return row.closed;
  });
  const reports = closed === 1 ? "1 report" : `${closed} reports`;
  return c.json({ success: true, closed, message: `${reports} ${status}.` });
});

/**
 * GET /admin/posts/{id}/author and /admin/comments/{id}/author: whom a
 * suspension from a post or a comment is about. Public answers name authors
 * but never their ids. author is null once the account is gone.
 */
adminModerationRouter.get("/:kind{posts|comments}/:id/author", async (c) => {
  const kind = c.req.param("kind");
  const id = pathId(c.req.param("id"), kind === "posts" ? "Post not found." : "Comment not found.");
  const rows = await asCaller(c.var.caller, async (tx) => {
    await requireAdmin(tx);
    return tx<{ author_id: string | null; name: string | null; suspended_until: string | null; suspension_reason: string | null }[]>`
      select t.author_id, pr.display_name as name, s.suspended_until::text, s.suspension_reason
      from ${kind === "posts" ? tx`public.posts` : tx`public.comments`} t
      left join public.profiles pr on pr.id = t.author_id
      left join lateral private.member_suspension(t.author_id) s on true
      where t.id = ${id}`;
  });
  if (rows.length === 0) fail(404, kind === "posts" ? "Post not found." : "Comment not found.");
  const [row] = rows;
  if (!row.author_id) return c.json({ author: null });
  // Whether they are suspended now, so the admin can lift it (null: not suspended).
  const suspension = row.suspended_until === null ? null : {
    until: row.suspended_until === "infinity" ? null : new Date(row.suspended_until).toISOString(),
    reason: row.suspension_reason,
  };
  return c.json({ author: { id: row.author_id, name: row.name, suspension } });
});

/** A suspension as the API gives it: until an ISO time, or null for good. */
const suspensionOf = (until: string, reason: string | null) => ({
  until: until === "infinity" ? null : new Date(until).toISOString(),
  reason,
});

/**
 * GET /admin/posts/{id}/suspended-authors: the authors of a post and of its
 * comments who are suspended now, each with the item (kind, id), so the post
 * page shows their suspension (with Lift) where 'Suspend author' would be.
 */
adminModerationRouter.get("/posts/:id/suspended-authors", async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const rows = await asCaller(c.var.caller, (tx) =>
    tx<{ kind: "post" | "comment"; item_id: string; author_id: string; author_name: string | null; until: string; reason: string | null }[]>`
      select kind, item_id, author_id, author_name, suspended_until::text as until, suspension_reason as reason
      from private.suspended_authors(${postId}::bigint)`);
  return c.json({
    authors: rows.map((row) => ({
      kind: row.kind,
      id: Number(row.item_id),
      author: { id: row.author_id, name: row.author_name, suspension: suspensionOf(row.until, row.reason) },
    })),
  });
});

// A user id is a UUID; anything else names nobody.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function userId(value: string | undefined): string {
  if (!value || !uuidPattern.test(value)) fail(404, "Member not found.");
  return value;
}

// Whether the reason is given and the end lies ahead are the database's rules, with its messages.
const suspension = z.object({
  until: z.iso.datetime({ offset: true, error: "until must be an ISO date and time, or null for good." }).nullable(),
  reason: z.string({ error: "reason is required." }),
});

adminModerationRouter.post("/users/:id/suspend", validate("json", suspension), async (c) => {
  const id = userId(c.req.param("id"));
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

adminModerationRouter.post("/users/:id/unsuspend", async (c) => {
  const id = userId(c.req.param("id"));
  await writeAsCaller(c.var.caller, (tx) => tx`select private.unsuspend_user(${id}::uuid)`);
  return c.json({ success: true, message: "The suspension is lifted." });
});
