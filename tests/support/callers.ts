/**
 * Callers for the database tests: users inserted straight into auth.users, and
 * statements run as one of them exactly as the api function runs them (one
 * transaction, `role` and `request.jwt.claims` set locally). The API tests'
 * counterpart is api.ts; posts and comments: fixtures.ts; the owner's
 * connection: database.ts.
 */
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { sql, type Tx } from "./database.ts";
import { type Registration, type TestUser, userFixtures } from "./fixtures.ts";

/** A user in auth.users, as Auth would create it (the profile trigger makes its profile). */
async function insertIntoAuth(user: Registration): Promise<TestUser> {
  const id = randomUUID();
  await sql`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${user.email}, '',
            now(), '{"provider":"email","providers":["email"]}',
            ${sql.json({ first_name: user.firstName, last_name: user.lastName, adult_confirmed: user.adultConfirmed })}, now(), now())`;
  return { id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

export const { createMember, createModerator, createAdmin, createMembers } = userFixtures(insertIntoAuth);

/** null is an anonymous visitor. */
export type Caller = TestUser | null;

/** The claims the API sets for a caller (as a verified Supabase access token carries them). */
export function claimsFor(caller: Caller): Record<string, unknown> {
  return caller
    ? { sub: caller.id, role: "authenticated", aud: "authenticated", email: caller.email }
    : { role: "anon" };
}

const rollbackSignal = Symbol("rollback");

/**
 * Runs `work` in one transaction as `caller`, the way the API does. Rolled
 * back unless `commit` is set, so tests can try things without leaving traces.
 */
export async function asCaller<T>(
  caller: Caller,
  work: (tx: Tx) => Promise<T>,
  options: { commit?: boolean; client?: postgres.Sql } = {},
): Promise<T> {
  let result: T | undefined;
  try {
    await (options.client ?? sql).begin(async (tx) => {
      await tx`select set_config('role', ${caller ? "authenticated" : "anon"}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(claimsFor(caller))}, true)`;
      result = await work(tx);
      if (!options.commit) throw rollbackSignal;
    });
  } catch (err) {
    if (err !== rollbackSignal) throw err;
  }
  return result as T;
}

/** Whether `work` succeeds as `caller` (rolled back either way); errors count as "no". */
export async function succeeds(caller: Caller, work: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  try {
    return await asCaller(caller, work);
  } catch {
    return false;
  }
}

/** The SQLSTATE and message of the error `promise` rejects with. */
export async function pgError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { code: e.code ?? "", message: e.message ?? "" };
  }
  throw new Error("expected a database error, but the statement succeeded");
}
