import { Hono } from "hono";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../_shared/cursor.ts";
import type { PrivateFunctionResult } from "../../_shared/database.ts";
import { asCaller, writeAsCaller } from "../../_shared/db.ts";
import { requireAdmin, requireUser } from "../../_shared/guards.ts";
import { fail } from "../../_shared/errors.ts";
import { removeMedia } from "../../_shared/media.ts";
import { pageLimit, pathId } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";
import { listPendingEditSuggestions } from "../queries/edit-suggestion.ts";

/**
 * /admin/*: the review queue and the suggestion box. The database functions
 * check the admin role themselves; the plain reads here (edit suggestions,
 * moderation log) check it first, because row-level security would show a
 * member their own rows instead of refusing.
 */
export const adminRouter = new Hono<AppEnv>();

adminRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Sign in as an admin first.");
  await next();
});

adminRouter.get("/pending-posts", async (c) => {
  const posts = await asCaller(c.var.caller, async (tx) => {
    const rows = await tx<{ post: unknown }[]>`select post from private.pending_posts() as post`;
    return rows.map((row) => row.post);
  });
  return c.json({ posts });
});

// The body is optional (SPEC's calls send none); the review panel sends the
// version it showed, so a post changed since then (by its author, say) is not
// approved or rejected unseen, and may send the reason for a rejection, which
// the author is shown.
const rejectionReason = z.string({ error: "The reason must be text." }).optional();
const reviewBody = z.object({
  version: z.iso.datetime({ offset: true, error: "version must be the post's version as the review list gave it." })
    .optional(),
  reason: rejectionReason,
});
const suggestionReviewBody = z.object({ reason: rejectionReason });

adminRouter.post("/posts/:id/:action{approve|reject}", validate("json", reviewBody), async (c) => {
  const id = pathId(c.req.param("id"), "Post not found.");
  const action = c.req.param("action");
  const { version, reason } = c.req.valid("json");
  const removed = await writeAsCaller(c.var.caller, async (tx) => {
    if (action === "approve") {
      // As text: postgres.js would round a timestamp parameter to milliseconds.
      await tx`select private.approve_post(${id}::bigint, ${version ?? null}::text::timestamptz)`;
      return [];
    }
    const [row] = await tx<{ removed: string[] | null }[]>`
      select private.reject_post(${id}::bigint, ${reason ?? null}::text, ${version ?? null}::text::timestamptz) as removed`;
    return row.removed ?? [];
  });
  await removeMedia(removed);
  const done = action === "approve" ? "approved" : "rejected";
  return c.json({ success: true, message: `Post ${done} successfully!` });
});

adminRouter.get("/suggestions/pending", async (c) => {
  const suggestions = await asCaller(c.var.caller, async (tx) => {
    await requireAdmin(tx);
    return listPendingEditSuggestions(tx);
  });
  return c.json({ suggestions });
});

adminRouter.post("/suggestions/:id/:action{approve|reject}", validate("json", suggestionReviewBody), async (c) => {
  const id = pathId(c.req.param("id"), "Suggestion not found.");
  const action = c.req.param("action");
  const { reason } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) =>
    action === "approve"
      ? tx`select private.approve_edit_suggestion(${id}::bigint)`
      : tx`select private.reject_edit_suggestion(${id}::bigint, ${reason ?? null}::text)`);
  return c.json({ success: true, message: action === "approve" ? "Suggestion approved." : "Suggestion rejected." });
});

// A general suggestion is 'new' until an admin has read it, then 'reviewed'.
const suggestionStatus = z.enum(["new", "reviewed"], { error: "status must be new or reviewed." });
const suggestionsQuery = z.object({ status: suggestionStatus.optional() });
const suggestionStatusBody = z.object({ status: suggestionStatus });

adminRouter.get("/suggestions", validate("query", suggestionsQuery), async (c) => {
  const { status } = c.req.valid("query");
  const suggestions = await asCaller(c.var.caller, async (tx) => {
    const rows = await tx<PrivateFunctionResult<"list_suggestions">>`
      select * from private.list_suggestions(${status ?? null}::text)`;
    return rows.map((row) => ({
      id: row.id,
      userName: row.user_name,
      userEmail: row.user_email,
      timestamp: row.created_at,
      suggestion: row.suggestion,
      status: row.status,
    }));
  });
  return c.json({ suggestions });
});

/** PATCH /admin/suggestions/{id}: marks a general suggestion reviewed, or new again (the database logs it). */
adminRouter.patch("/suggestions/:id", validate("json", suggestionStatusBody), async (c) => {
  const id = z.uuid().safeParse(c.req.param("id"));
  if (!id.success) fail(404, "Suggestion not found.");
  const { status } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) => tx`select private.set_suggestion_status(${id.data}::uuid, ${status}::text)`);
  return c.json({ success: true, status });
});

const logQuery = z.object({
  limit: pageLimit(200, 50),
  cursor: z.string().max(200).optional(),
});

/** GET /admin/moderation-log: recent admin actions, newest first (who, what, which post, when). */
adminRouter.get("/moderation-log", validate("query", logQuery), async (c) => {
  const { limit } = c.req.valid("query");
  const cursor = decodeCursor(c.req.valid("query").cursor);
  const entries = await asCaller(c.var.caller, async (tx) => {
    await requireAdmin(tx);
    return tx<{ entry: Record<string, unknown>; id: number; cursor_key: string }[]>`
      select
        jsonb_build_object(
          'id', l.id,
          'action', l.action,
          'actor_name', (select pr.display_name from public.profiles pr where pr.id = l.actor_id),
          'post_id', l.post_id,
          'post_title', (select p.title from public.posts p where p.id = l.post_id),
          'comment_id', l.comment_id,
          'suggestion_id', l.suggestion_id,
          'details', l.details,
          'created_at', l.created_at) as entry,
        l.id,
        l.created_at::text as cursor_key
      from public.moderation_log l
      ${cursor ? tx`where (l.created_at, l.id) < (${String(cursor.key)}::text::timestamptz, ${cursor.id})` : tx``}
      order by l.created_at desc, l.id desc
      limit ${limit + 1}`;
  });
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  return c.json({
    entries: page.map((row) => row.entry),
    nextCursor: entries.length > limit && last ? encodeCursor({ key: last.cursor_key, id: Number(last.id) }) : null,
  });
});
