import postgres from "postgres";
import type { Caller } from "./auth.ts";
import { env } from "./env.ts";

// Supabase's transaction-mode pooler (port 6543) cannot keep prepared
// statements between transactions; a direct connection can.
const viaTransactionPooler = new URL(env.databaseUrl).port === "6543";

export const sql = postgres(env.databaseUrl, {
  max: Number(Deno.env.get("DB_POOL_SIZE") ?? 10),
  prepare: !viaTransactionPooler,
  idle_timeout: 30,
  connection: { application_name: "api" },
  onnotice: () => {},
});

export type Tx = postgres.TransactionSql;

/**
 * Runs `work` in one transaction as the caller, the way PostgREST does: the
 * role and the verified JWT claims are set locally, so row-level security and
 * `auth.uid()` decide what the statements may see and change.
 */
export function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('role', ${caller.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
    return await work(tx);
  }) as Promise<T>;
}
