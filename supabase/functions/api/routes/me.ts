import { Hono } from "hono";
import { z } from "zod";
import { asCaller } from "../../_shared/db.ts";
import { env } from "../../_shared/env.ts";
import { fail } from "../../_shared/errors.ts";
import { requireUser } from "../../_shared/guards.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/**
 * /me: the signed-in user's own side of the archive. Their contributions
 * (the database functions private.my_* read only the caller's rows), their
 * data as a file, and leaving. Every answer is personal: plain reads as the
 * caller, never the visitor read cache's.
 */
export const meRouter = new Hono<AppEnv>();

meRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Please sign in first.");
  await next();
});

type Row = { row: unknown };
const rowsOf = (rows: readonly Row[]) => rows.map((r) => r.row);

meRouter.get("/posts", async (c) => {
  const posts = await asCaller(c.var.caller, async (tx) => rowsOf(await tx<Row[]>`select row from private.my_posts() as row`));
  return c.json({ posts });
});

meRouter.get("/edit-suggestions", async (c) => {
  const suggestions = await asCaller(c.var.caller, async (tx) =>
    rowsOf(await tx<Row[]>`select row from private.my_edit_suggestions() as row`));
  return c.json({ suggestions });
});

meRouter.get("/suggestions", async (c) => {
  const suggestions = await asCaller(c.var.caller, async (tx) => rowsOf(await tx<Row[]>`select row from private.my_suggestions() as row`));
  return c.json({ suggestions });
});

/** GET /me/export: everything the archive holds about the caller, as a JSON file to keep. */
meRouter.get("/export", async (c) => {
  const data = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ data: Record<string, unknown> }[]>`select private.account_export() as data`;
    return row.data;
  });
  const day = new Date().toISOString().slice(0, 10);
  c.header("Content-Disposition", `attachment; filename="archive-data-${day}.json"`);
  return c.json(data);
});

// Whether it matches is the database's rule (private.confirm_account_deletion), with its message.
const deletion = z.object({ email: z.string({ error: "Type your e-mail address to confirm." }) });

/**
 * DELETE /me: the account goes, through Auth's admin API (as its own admin
 * endpoint does, so sessions and identities go with it); the database's
 * foreign keys take the profile, votes and suggestions, and keep posts and
 * comments under "Deleted user".
 */
meRouter.delete("/", validate("json", deletion), async (c) => {
  const { email } = c.req.valid("json");
  const userId = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ id: string }[]>`select private.confirm_account_deletion(${email}) as id`;
    return row.id;
  });
  const response = await fetch(`${env.supabaseUrl}/auth/v1/admin/users/${encodeURIComponent(userId)}`, {
    method: "DELETE",
    headers: { apikey: env.serviceRoleKey, authorization: `Bearer ${env.serviceRoleKey}` },
  });
  if (!response.ok) {
    console.error(`account deletion: Auth answered ${response.status}: ${await response.text()}`);
    fail(503, "Your account could not be deleted just now. Please try again in a moment.");
  }
  await response.body?.cancel();
  return c.json({ success: true, message: "Your account has been deleted." });
});
