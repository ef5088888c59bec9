import postgres from "postgres";
import type { Caller } from "./auth.ts";
import { env } from "./env.ts";

// Supabase's transaction-mode pooler (port 6543) cannot keep prepared
// statements or session settings between transactions; a direct connection can.
const viaTransactionPooler = new URL(env.databaseUrl).port === "6543";
const poolSize = Number(Deno.env.get("DB_POOL_SIZE") ?? 10);
const anonymousClaims = JSON.stringify({ role: "anon" });

const options = {
  max: poolSize,
  prepare: !viaTransactionPooler,
  idle_timeout: 30,
  onnotice: () => {},
} satisfies postgres.Options<Record<string, never>>;

/** Connections for signed-in callers: each request sets its role and claims in a transaction. */
export const sql = postgres(env.databaseUrl, { ...options, connection: { application_name: "api" } });

/**
 * Connections that are the anonymous visitor from the start: the role and the
 * claims are session settings, so a visitor's read is one statement, one
 * round trip, with no transaction around it. Row-level security applies as
 * for any `anon` request.
 */
const anonymousSql = viaTransactionPooler ? undefined : postgres(env.databaseUrl, {
  ...options,
  connection: { application_name: "api-anon", role: "anon", "request.jwt.claims": anonymousClaims },
});

/**
 * What handlers run statements on: a transaction for a user, a session already
 * set up for a visitor. Handlers use only what both have (tagged queries,
 * fragments, `json`), so the visitor's pool passes for a transaction.
 */
export type Tx = postgres.TransactionSql;

/**
 * Runs `work` as the caller, the way PostgREST does: the role and the verified
 * JWT claims are set for it, so row-level security and `auth.uid()` decide
 * what the statements may see and change. A user's statements share one
 * transaction; a visitor's (reads only: every write requires a user) run on
 * the anonymous connections.
 */
export function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (caller.role === "anon" && anonymousSql) return work(anonymousSql as unknown as Tx);
  return sql.begin(async (tx) => {
    await tx`select set_config('role', ${caller.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
    return await work(tx);
  }) as Promise<T>;
}

/**
 * Calls `onChange` whenever Postgres reports a change visitors could see
 * (NOTIFY public_changes), and `onListening` each time the listening
 * connection is (re)established, after which earlier notifications may have
 * been missed. False when no session connection is available for LISTEN.
 */
export function listenForChanges(handlers: { onChange: () => void; onListening: () => void }): boolean {
  if (viaTransactionPooler) return false;
  sql.listen("public_changes", handlers.onChange, handlers.onListening).catch((error) => {
    console.error("LISTEN public_changes failed:", error);
  });
  return true;
}
