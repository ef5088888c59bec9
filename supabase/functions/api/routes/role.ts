import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { roleLookup } from "../../_shared/api/role.ts";
import { asCaller } from "../db/lanes.ts";
import type { Row } from "../db/rows.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";

export const roleRouter = newRouter();

// SPEC §7: the SPA asks for its own roles with its bearer. Anyone else's roles
// are an admin's business: a visitor gets 401 and a member asking about another
// account 403, never an answer that names a role the account does not have.
roleRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getAccountRoles",
    tags: ["Me"],
    summary: "An account's roles: the caller's own, or anyone's for an admin",
    description: "A member may look up only their own roles (403 for another account); an admin, anyone's.",
    ...access("member"),
    request: {
      query: z.object({
        uid: z.uuid("uid must be a user id").meta({ description: "The account's user id.", example: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f" }),
      }),
    },
    responses: { 200: json(roleLookup, "The account's roles and the highest of them."), ...errors(400, 401, 403) },
  }),
  async (c) => {
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
    return c.json({ role, roles }, 200);
  },
);
