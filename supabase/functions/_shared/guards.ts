import type { Caller } from "./auth.ts";
import type { Tx } from "./db.ts";
import { fail } from "./errors.ts";

/** The signed-in user's id, or a 401 with a message the SPA can show as is. */
export function requireUser(caller: Caller, message = "Please sign in first."): string {
  if (caller.role !== "authenticated") fail(401, message);
  return caller.userId;
}

/** Asks the database (the authority on roles) whether the caller is an admin. */
export async function requireAdmin(tx: Tx): Promise<void> {
  const [row] = await tx<{ is_admin: boolean }[]>`select private.is_admin() as is_admin`;
  if (!row?.is_admin) fail(403, "You must be an admin to do that.");
}
