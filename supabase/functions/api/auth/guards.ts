import { createMiddleware } from "hono/factory";
import type { ReadTx } from "../db/lanes.ts";
import { fail } from "../http/errors.ts";
import type { Caller } from "./caller.ts";

/** The signed-in user's id, or a 401 with a message the SPA can show as is. */
export function requireUser(caller: Caller, message = "Please sign in first."): string {
  if (caller.role !== "authenticated") fail(401, message);
  return caller.userId;
}

/**
 * `requireUser` as the first middleware of a write route, so a visitor's
 * request is refused before its body is read or parsed: nobody can make the
 * function read (or store) a body without an account.
 */
export function signedIn(message?: string) {
  return createMiddleware<{ Variables: { caller: Caller } }>(async (c, next) => {
    requireUser(c.var.caller, message);
    await next();
  });
}

/** Asks the database (the authority on roles) whether the caller is an admin. */
export async function requireAdmin(tx: ReadTx): Promise<void> {
  const [row] = await tx<{ allowed: boolean }[]>`select private.is_admin() as allowed`;
  if (!row?.allowed) fail(403, "You must be an admin to do that.");
}

/** Asks the database whether the caller is a moderator or an admin (both review and handle reports). */
export async function requireModerator(tx: ReadTx): Promise<void> {
  const [row] = await tx<{ allowed: boolean }[]>`select private.is_moderator() as allowed`;
  if (!row?.allowed) fail(403, "You must be a moderator or an admin to do that.");
}
