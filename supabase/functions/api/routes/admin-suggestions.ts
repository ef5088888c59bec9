import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  pendingEditSuggestionsPage,
  suggestionBoxPage,
  suggestionReviewedAnswer,
  suggestionStatusAnswer,
} from "../../_shared/api/admin-suggestions.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pathId, queuePageQuery } from "../http/params.ts";
import { pendingEditSuggestions } from "../queries/edit-suggestion.ts";

/**
 * /admin/suggestions (mounted by adminRouter, whose guard runs first): members'
 * edit suggestions to review, and the general suggestion box (senders'
 * addresses for admins only). The database functions check the moderator
 * role themselves. Both lists come a page at a time when asked with `limit`
 * (keyset `cursor`), and always with how many there are.
 */
export const adminSuggestionsRouter = newRouter();

const queuePage = {
  limit: queuePageQuery.limit.meta({ description: "Items per page, 1 to 100; without it, the whole list." }),
  cursor: queuePageQuery.cursor.meta({ description: "The nextCursor of the page before." }),
};

adminSuggestionsRouter.openapi(
  createRoute({
    method: "get",
    path: "/pending",
    operationId: "listPendingEditSuggestions",
    tags: ["Admin"],
    summary: "The edit suggestions waiting for review",
    description: "Oldest first. A moderator does not get their own, nor those quoting content an admin hid.",
    ...access("moderator"),
    request: { query: z.object(queuePage) },
    responses: { 200: json(pendingEditSuggestionsPage, "The pending edit suggestions, or a page of them."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    const cursor = decodeTimeCursor(c.req.valid("query").cursor);
    const page = await asCaller(c.var.caller, (tx) => pendingEditSuggestions(tx, limit, cursor));
    return c.json(queuePageAnswer(page) as z.infer<typeof pendingEditSuggestionsPage>, 200);
  },
);

const suggestionIdParam = z.object({ id: z.string().meta({ description: "The edit suggestion's id.", example: "18" }) });

// Optional: SPEC's calls send no body; the reason is shown to the member.
const suggestionReviewBody = z.object({
  reason: z.string({ error: "The reason must be text." }).optional()
    .meta({ description: "Why it was rejected, shown to the member (a rejection's only)." }),
});

for (const action of ["approve", "reject"] as const) {
  adminSuggestionsRouter.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${action}`,
      operationId: `${action}EditSuggestion`,
      tags: ["Admin"],
      summary: action === "approve" ? "Apply an edit suggestion to its post" : "Reject an edit suggestion",
      description: action === "approve"
        ? "Its fields change the post, which gets a revision. Review means someone else's: an admin may approve their own. Logged."
        : "The member is told, with the reason when one is given. Logged.",
      ...access("moderator"),
      middleware: [nonJsonAsEmpty] as const,
      request: {
        params: suggestionIdParam,
        body: { required: false, content: { "application/json": { schema: suggestionReviewBody } } },
      },
      responses: {
        200: json(suggestionReviewedAnswer, action === "approve" ? "Approved." : "Rejected."),
        ...errors(400, 401, 403, 404, 409), ...formRefused,
      },
    }),
    async (c) => {
      const id = pathId(c.req.param("id"), "Suggestion not found.");
      const { reason } = c.req.valid("json");
      await writeAsCaller(c.var.caller, (tx) =>
        action === "approve"
          ? tx`select private.approve_edit_suggestion(${id}::bigint)`
          : tx`select private.reject_edit_suggestion(${id}::bigint, ${reason ?? null}::text)`);
      return c.json({ success: true as const, message: action === "approve" ? "Suggestion approved." : "Suggestion rejected." }, 200);
    },
  );
}

// A general suggestion is 'new' until an admin has read it, then 'reviewed'.
const suggestionStatus = z.enum(["new", "reviewed"], { error: "status must be new or reviewed." });
const suggestionsQuery = z.object({ status: suggestionStatus.optional(), ...queuePage });
const suggestionStatusBody = z.object({ status: suggestionStatus });

/** `total`: every suggestion with the status asked for. */
type SuggestionBoxPage = QueuePage & { suggestions: unknown[] };

/** GET /admin/suggestions: the suggestion box, newest first. */
adminSuggestionsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listSuggestions",
    tags: ["Admin"],
    summary: "The suggestion box",
    description: "Members' general suggestions, newest first, all or those with one status; the senders' addresses for admins only.",
    ...access("moderator"),
    request: { query: suggestionsQuery },
    responses: { 200: json(suggestionBoxPage, "The suggestions, or a page of them."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { status, limit } = c.req.valid("query");
    const cursor = decodeTimeCursor(c.req.valid("query").cursor, "uuid");
    const page = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ page: SuggestionBoxPage }[]>`
        select private.list_suggestions(${status ?? null}::text, ${limit}::integer, ${cursor?.key ?? null}::text,
                                        ${cursor?.id ?? null}::uuid) as page`;
      return row.page;
    });
    return c.json(queuePageAnswer(page) as z.infer<typeof suggestionBoxPage>, 200);
  },
);

/** PATCH /admin/suggestions/{id}: marks a general suggestion reviewed, or new again (the database logs it). */
adminSuggestionsRouter.openapi(
  createRoute({
    method: "patch",
    path: "/{id}",
    operationId: "updateSuggestionStatus",
    tags: ["Admin"],
    summary: "Mark a general suggestion reviewed, or new again",
    ...access("moderator"),
    middleware: [nonJsonAsEmpty] as const,
    request: {
      params: z.object({
        id: z.string().meta({ description: "The suggestion's id (a UUID).", example: "5d9e2a7c-31f4-4b8e-a0d6-7c2f9e1b4a58" }),
      }),
      body: { required: true, content: { "application/json": { schema: suggestionStatusBody } } },
    },
    responses: { 200: json(suggestionStatusAnswer, "The suggestion's status now."), ...errors(400, 401, 403, 404), ...formRefused },
  }),
  async (c) => {
    const id = z.uuid().safeParse(c.req.param("id"));
    if (!id.success) fail(404, "Suggestion not found.");
    const { status } = c.req.valid("json");
    await writeAsCaller(c.var.caller, (tx) => tx`select private.set_suggestion_status(${id.data}::uuid, ${status}::text)`);
    return c.json({ success: true as const, status }, 200);
  },
);
