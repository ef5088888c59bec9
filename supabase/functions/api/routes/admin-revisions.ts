import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { revisionHiddenAnswer } from "../../_shared/api/admin-revisions.ts";
import { revisionComparison } from "../../_shared/api/revisions.ts";
import { requireAdmin } from "../auth/guards.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { access, errors, formRefused, json, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";
import { getRevisionComparison } from "../queries/revisions.ts";

/**
 * /admin/revisions/{id}: an admin hides a revision's content (its fields and
 * reason) from everyone but admins, shows it again, and reads it. The
 * database functions check the admin role and the rules, and write the
 * moderation log. Mounted by adminRouter, whose guard runs first.
 */
export const adminRevisionsRouter = newRouter();

const revisionNotFound = "Revision not found.";

const revisionIdParam = z.object({ id: z.string().meta({ description: "The revision's id.", example: "52" }) });

// A blank reason is the database's to refuse, with its message; its cap is
// checked here as well, so that no longer text reaches a transaction.
const hiding = z.object({
  reason: z.string({ error: "reason is required." }).max(500, "The reason can be at most 500 characters.")
    .meta({ description: "Why, for the moderation log (admins only read it)." }),
});

adminRevisionsRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/hide",
    operationId: "hideRevision",
    tags: ["Admin"],
    summary: "Hide a revision's content from everyone but admins",
    description: "Its fields and reason are kept for admins; everyone else sees that it was hidden. Logged.",
    ...access("admin"),
    middleware: [nonJsonAsEmpty] as const,
    request: { params: revisionIdParam, body: { required: true, content: { "application/json": { schema: hiding } } } },
    responses: { 200: json(revisionHiddenAnswer, "The content is hidden."), ...errors(400, 401, 403, 404, 409), ...formRefused },
  }),
  async (c) => {
    const id = pathId(c.req.param("id"), revisionNotFound);
    const { reason } = c.req.valid("json");
    await writeAsCaller(c.var.caller, (tx) => tx`select private.hide_revision(${id}::bigint, ${reason})`);
    return c.json({ success: true as const, message: "The revision's content is hidden." }, 200);
  },
);

adminRevisionsRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/unhide",
    operationId: "unhideRevision",
    tags: ["Admin"],
    summary: "Show a hidden revision's content again",
    description: "Logged.",
    ...access("admin"),
    request: { params: revisionIdParam },
    responses: { 200: json(revisionHiddenAnswer, "The content is shown again."), ...errors(401, 403, 404, 409), ...formRefused },
  }),
  async (c) => {
    const id = pathId(c.req.param("id"), revisionNotFound);
    await writeAsCaller(c.var.caller, (tx) => tx`select private.unhide_revision(${id}::bigint)`);
    return c.json({ success: true as const, message: "The revision's content is shown again." }, 200);
  },
);

/**
 * GET /admin/revisions/{id}: the revision and the one before it, as
 * /posts/{postId}/revisions/{id} gives them, with the content an admin hid.
 * Never from the read cache: only admins may read it.
 */
adminRevisionsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    operationId: "getAdminRevision",
    tags: ["Admin"],
    summary: "A revision and the one before it, hidden content included",
    description: "As GET /api/posts/{postId}/revisions/{id} gives them, with the fields and reasons an admin hid.",
    ...access("admin"),
    request: { params: revisionIdParam },
    responses: { 200: json(revisionComparison, "The revision and the one before it (null for the first)."), ...errors(401, 403, 404) },
  }),
  async (c) => {
    const id = pathId(c.req.param("id"), revisionNotFound);
    const comparison = await asCaller(c.var.caller, async (tx) => {
      await requireAdmin(tx);
      return getRevisionComparison(tx, id, { withHiddenContent: true });
    });
    return c.json(comparison as z.infer<typeof revisionComparison>, 200);
  },
);
