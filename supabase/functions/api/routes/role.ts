import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import type { Row } from "../db/rows.ts";
import { fail } from "../http/errors.ts";
import { validate } from "../http/validate.ts";

export const roleRouter = new Hono<AppEnv>();

// SPEC §7: the SPA asks for its own roles with its bearer. Anyone else's roles
// are an admin's business: a visitor gets 401 and a member asking about another
// account 403, never an answer that names a role the account does not have.
roleRouter.get("/", validate("query", z.object({ uid: z.uuid("uid must be a user id") })), async (c) => {
  const { uid } = c.req.valid("query");
  const caller = c.var.caller;
  if (caller.role !== "authenticated") fail(401, "Sign in to look up roles.");
  const roles = await asCaller(caller, async (tx) => {
    if (uid !== caller.userId) {
      const [{ admin }] = await tx<{ admin: boolean }[]>`select private.is_admin() as admin`;
      if (!admin) fail(403, "You may only look up your own roles.");
    }
    const rows = await tx<Pick<Row<"user_roles">, "role">[]>`
      select role from public.user_roles where user_id = ${uid} order by role`;
    return rows.map((row) => row.role);
  });
  // The highest: admin, then moderator, then a member's "user" (SPEC §6).
  const role = roles.includes("admin") ? "admin" : roles.includes("moderator") ? "moderator" : "user";
  return c.json({ role, roles });
});
