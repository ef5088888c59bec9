import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pathId, queuePageQuery } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { pendingEditSuggestions } from "../queries/edit-suggestion.ts";

/**
 * /admin/suggestions (mounted by adminRouter, whose guard runs first): members'
 * edit suggestions to review, and the general suggestion box (senders'
 * addresses for admins only). The database functions check the moderator
 * role themselves. Both lists come a page at a time when asked with `limit`
 * (keyset `cursor`), and always with how many there are.
 */
export const adminSuggestionsRouter = new Hono<AppEnv>();

// Optional: SPEC's calls send no body; the reason is shown to the member.
const suggestionReviewBody = z.object({ reason: z.string({ error: "The reason must be text." }).optional() });

adminSuggestionsRouter.get("/pending", validate("query", z.object(queuePageQuery)), async (c) => {
  const { limit } = c.req.valid("query");
  const cursor = decodeTimeCursor(c.req.valid("query").cursor);
  const page = await asCaller(c.var.caller, (tx) => pendingEditSuggestions(tx, limit, cursor));
  return c.json(queuePageAnswer(page));
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
const suggestionsQuery = z.object({ status: suggestionStatus.optional(), ...queuePageQuery });
const suggestionStatusBody = z.object({ status: suggestionStatus });

/** `total`: every suggestion with the status asked for. */
type SuggestionBoxPage = QueuePage & { suggestions: unknown[] };

/** GET /admin/suggestions: the suggestion box, newest first. */
adminSuggestionsRouter.get("/", validate("query", suggestionsQuery), async (c) => {
  const { status, limit } = c.req.valid("query");
  const cursor = decodeTimeCursor(c.req.valid("query").cursor, "uuid");
  const page = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ page: SuggestionBoxPage }[]>`
      select private.list_suggestions(${status ?? null}::text, ${limit}::integer, ${cursor?.key ?? null}::text,
                                      ${cursor?.id ?? null}::uuid) as page`;
    return row.page;
  });
  return c.json(queuePageAnswer(page));
});

/** PATCH /admin/suggestions/{id}: marks a general suggestion reviewed, or new again (the database logs it). */
adminSuggestionsRouter.patch("/:id", validate("json", suggestionStatusBody), async (c) => {
  const id = z.uuid().safeParse(c.req.param("id"));
  if (!id.success) fail(404, "Suggestion not found.");
  const { status } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) => tx`select private.set_suggestion_status(${id.data}::uuid, ${status}::text)`);
  return c.json({ success: true, status });
});
