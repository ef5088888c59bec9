import { Hono } from "hono";
import { z } from "zod";
import type { Row } from "../../_shared/database.ts";
import { asCaller } from "../../_shared/db.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

export const roleRouter = new Hono<AppEnv>();

// Row-level security shows a member only their own roles and an admin all of
// them, so asking about someone else yields no roles rather than a leak.
roleRouter.get("/", validate("query", z.object({ uid: z.uuid("uid must be a user id") })), async (c) => {
  const { uid } = c.req.valid("query");
  const roles = await asCaller(c.var.caller, async (tx) => {
    const rows = await tx<Pick<Row<"user_roles">, "role">[]>`
      select role from public.user_roles where user_id = ${uid} order by role`;
    return rows.map((row) => row.role);
  });
  const role = roles.includes("admin") ? "admin" : roles[0] ?? "user";
  return c.json({ role, roles });
});
