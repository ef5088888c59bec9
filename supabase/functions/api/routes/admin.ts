import { Hono } from "hono";
import { asCaller } from "../../_shared/db.ts";
import { requireAdmin, requireUser } from "../../_shared/guards.ts";
import { removeMedia } from "../../_shared/media.ts";
import { pathId } from "../../_shared/params.ts";
import type { AppEnv } from "../context.ts";
import { listPendingEditSuggestions } from "../queries/edit-suggestion.ts";

/**
 * /admin/*: the review queue and the suggestion box. The database functions
 * check the admin role themselves; the reads check it first because row-level
 * security would otherwise show a member their own pending posts here.
 */
export const adminRouter = new Hono<AppEnv>();

adminRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Sign in as an admin first.");
  await next();
});

adminRouter.get("/pending-posts", async (c) => {
  const posts = await asCaller(c.var.caller, async (tx) => {
    await requireAdmin(tx);
    const rows = await tx<{ post: unknown }[]>`
      select private.post_json(p) || jsonb_build_object('info_boxes', coalesce((
          select jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'content', b.content, 'order', b.position)
                           order by b.position, b.id)
          from public.info_boxes b where b.post_id = p.id), '[]'::jsonb)) as post
      from public.posts p
      where p.status = 'pending'
      order by p.created_at, p.id`;
    return rows.map((row) => row.post);
  });
  return c.json({ posts });
});

adminRouter.post("/posts/:id/:action{approve|reject}", async (c) => {
  const id = pathId(c.req.param("id"), "Post not found.");
  const action = c.req.param("action");
  const removed = await asCaller(c.var.caller, async (tx) => {
    if (action === "approve") {
      await tx`select private.approve_post(${id}::bigint)`;
      return [];
    }
    const [row] = await tx<{ removed: string[] | null }[]>`select private.reject_post(${id}::bigint) as removed`;
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

adminRouter.post("/suggestions/:id/:action{approve|reject}", async (c) => {
  const id = pathId(c.req.param("id"), "Suggestion not found.");
  const action = c.req.param("action");
  await asCaller(c.var.caller, (tx) =>
    action === "approve"
      ? tx`select private.approve_edit_suggestion(${id}::bigint)`
      : tx`select private.reject_edit_suggestion(${id}::bigint)`);
  return c.json({ success: true, message: action === "approve" ? "Suggestion approved." : "Suggestion rejected." });
});

adminRouter.get("/suggestions", async (c) => {
  const suggestions = await asCaller(c.var.caller, async (tx) => {
    const rows = await tx<{ id: string; user_name: string | null; user_email: string | null; created_at: Date; suggestion: string; status: string }[]>`
      select * from private.list_suggestions()`;
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
