import { Hono } from "hono";
import { asCaller } from "../../_shared/db.ts";
import { requireUser } from "../../_shared/guards.ts";
import type { AppEnv } from "../context.ts";

/**
 * /me/*: the signed-in user's own contributions. The database functions read
 * only the caller's rows (private.my_*); these answers are personal, so they
 * are plain reads as the caller, never the visitor read cache's.
 */
export const meRouter = new Hono<AppEnv>();

meRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Please sign in to see your contributions.");
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
