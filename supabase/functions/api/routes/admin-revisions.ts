import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { getRevisionComparison } from "../queries/revisions.ts";

/**
 * /admin/revisions/{id}: an admin hides a revision's content (its fields and
 * reason) from everyone but admins, shows it again, and reads it. The
 * database functions check the admin role and the rules, and write the
 * moderation log. Mounted by adminRouter, whose guard runs first.
 */
export const adminRevisionsRouter = new Hono<AppEnv>();

const revisionNotFound = "Revision not found.";

// A blank reason is the database's to refuse, with its message; its cap is
// checked here as well, so that no longer text reaches a transaction.
const hiding = z.object({
  reason: z.string({ error: "reason is required." }).max(500, "The reason can be at most 500 characters."),
});

adminRevisionsRouter.post("/:id/hide", validate("json", hiding), async (c) => {
  const id = pathId(c.req.param("id"), revisionNotFound);
  const { reason } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) => tx`select private.hide_revision(${id}::bigint, ${reason})`);
  return c.json({ success: true, message: "The revision's content is hidden." });
});

adminRevisionsRouter.post("/:id/unhide", async (c) => {
  const id = pathId(c.req.param("id"), revisionNotFound);
  await writeAsCaller(c.var.caller, (tx) => tx`select private.unhide_revision(${id}::bigint)`);
  return c.json({ success: true, message: "The revision's content is shown again." });
});

/**
 * GET /admin/revisions/{id}: the revision and the one before it, as
 * /posts/{postId}/revisions/{id} gives them, with the content an admin hid.
 * Never from the read cache: only admins may read it.
 */
adminRevisionsRouter.get("/:id", async (c) => {
  const id = pathId(c.req.param("id"), revisionNotFound);
  const comparison = await asCaller(c.var.caller, async (tx) => {
    await requireAdmin(tx);
    return getRevisionComparison(tx, id, { withHiddenContent: true });
  });
  return c.json(comparison);
});
