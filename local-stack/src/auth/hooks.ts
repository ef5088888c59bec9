/**
 * Auth hooks as GoTrue runs Postgres-function hooks (supabase/auth
 * internal/hooks/hookspgfunc): in the request's transaction, as
 * supabase_auth_admin, `select <function>(<event>)`. A returned
 * `{error: {http_code, message}}` with a message fails the request with that
 * status (500 when none is given) and error code "unknown"
 * (internal/hooks/hookserrors, internal/api/errors.go).
 */
import { randomUUID } from "node:crypto";
import type { TransactionSql } from "postgres";
import { postgresHook } from "../project-config.ts";
import { AuthError } from "./errors.ts";

interface HookError {
  error?: { http_code?: number; message?: string };
}

/** before_user_created: may refuse a sign-up before the user exists. */
export async function beforeUserCreated(tx: TransactionSql, user: Record<string, unknown>): Promise<void> {
  const hook = postgresHook("before_user_created");
  if (!hook) return;
  const event = {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: "before-user-created", ip_address: "127.0.0.1" },
    user,
  };
  await tx.unsafe("set local role supabase_auth_admin");
  // GoTrue bounds a hook by statement_timeout (2 s by default).
  await tx.unsafe("set local statement_timeout to 2000");
  const [row] = await tx.unsafe<{ result: HookError | null }[]>(`select ${hook}($1::jsonb) as result`, [event as never]);
  await tx.unsafe("reset statement_timeout");
  await tx.unsafe("reset role");
  const message = row?.result?.error?.message;
  if (message) throw new AuthError(row.result?.error?.http_code || 500, "unknown", message);
}
