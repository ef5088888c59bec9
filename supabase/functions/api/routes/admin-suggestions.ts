import { Hono } from "hono";
import { z } from "zod";
import { requireModerator } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import type { PrivateFunctionResult } from "../db/rows.ts";
import { fail } from "../http/errors.ts";
import { pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { listPendingEditSuggestions } from "../queries/edit-suggestion.ts";

/**
 * /admin/suggestions (mounted by adminRouter, whose guard runs first): members'
 * edit suggestions to review, and the general suggestion box (senders'
 * addresses for admins only). The database functions check the moderator
 * role themselves; the plain read of pending edit
 * suggestions checks it first, because row-level security would show a
 * member their own rows instead of refusing.
 */
export const adminSuggestionsRouter = new Hono<AppEnv>();

// Optional: SPEC's calls send no body; the reason is shown to the member.
const suggestionReviewBody = z.object({ reason: z.string({ error: "The reason must be text." }).optional() });

adminSuggestionsRouter.get("/pending", async (c) => {
  const suggestions = await asCaller(c.var.caller, async (tx) => {
    await requireModerator(tx);
    return listPendingEditSuggestions(tx);
  });
  return c.json({ suggestions });
});

adminSuggestionsRouter.post("/:id/:action{approve|reject}", validate("json", suggestionReviewBody), async (c) => {
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

adminSuggestionsRouter.get("/", validate("query", suggestionsQuery), async (c) => {
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
adminSuggestionsRouter.patch("/:id", validate("json", suggestionStatusBody), async (c) => {
  const id = z.uuid().safeParse(c.req.param("id"));
  if (!id.success) fail(404, "Suggestion not found.");
  const { status } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) => tx`select private.set_suggestion_status(${id.data}::uuid, ${status}::text)`);
  return c.json({ success: true, status });
});
