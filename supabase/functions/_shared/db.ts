import postgres from "postgres";
import type { Caller } from "./auth.ts";
import { env } from "./env.ts";

// Supabase's transaction-mode pooler (port 6543) cannot keep prepared
// statements, session settings or LISTEN between transactions; a direct
// connection can.
const viaTransactionPooler = new URL(env.databaseUrl).port === "6543";
const poolSize = Number(Deno.env.get("DB_POOL_SIZE") ?? 10);
const anonymousClaims = JSON.stringify({ role: "anon" });

/**
 * The function's one pool: DB_POOL_SIZE connections in all, plus the one
 * LISTEN opens, so an isolate never takes more of the database than its share.
 * On a direct connection every session starts as
 * the anonymous visitor (the role and its claims are startup settings), so a
 * visitor's read is one statement, one round trip; a user's request sets its
 * role and claims with `set local` in a transaction, and the session is the
 * visitor again when it ends.
 */
const sql = postgres(env.databaseUrl, {
  max: poolSize,
  prepare: !viaTransactionPooler,
  idle_timeout: 30,
  onnotice: () => {},
  connection: viaTransactionPooler
    ? { application_name: "api" }
    : { application_name: "api", role: "anon", "request.jwt.claims": anonymousClaims },
});

/**
 * Whether sessions really start as `anon`: a pooler that drops startup
 * settings would otherwise run visitors' reads as the connecting role, past
 * row-level security. Checked once; until it passes, visitors get a
 * transaction like everyone else.
 */
let sessionsAreAnonymous: Promise<boolean> | undefined;
function visitorSessions(): Promise<boolean> {
  if (viaTransactionPooler) return Promise.resolve(false);
  sessionsAreAnonymous ??= sql<{ role: string }[]>`select current_user as role`.then(
    ([row]) => {
      if (row?.role !== "anon") console.error(`api sessions start as ${row?.role}, not anon: visitors' reads use transactions`);
      return row?.role === "anon";
    },
    (error) => {
      sessionsAreAnonymous = undefined;
      throw error;
    },
  );
  return sessionsAreAnonymous;
}

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
 * transaction; a visitor's (reads only: every write requires a user) run
 * straight on the pool's anonymous sessions.
 */
export async function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (caller.role === "anon" && await visitorSessions()) return work(sql as unknown as Tx);
  return sql.begin(async (tx) => {
    // Not awaited: sent ahead of the first statement of `work` on the same
    // connection (postgres.js pipelines a transaction's statements), one round
    // trip fewer. Should it fail, `begin` rolls back and throws its error.
    void setCaller(tx, caller);
    return await work(tx);
  }) as Promise<T>;
}

function setCaller(tx: Tx | postgres.ReservedSql, caller: Caller) {
  return tx`select set_config('role', ${caller.role}, true),
                   set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`.execute();
}

/**
 * One statement as a signed-in caller, in a transaction sent in one go:
 * `begin`, the role and claims, the statement and `commit` leave together on a
 * reserved connection and Postgres runs them back to back. A row lock the
 * statement takes (a vote's or a new comment's on the post's counters) is then
 * held for the rest of the statement and the commit, not also for the round
 * trip to this function and back that `asCaller`'s separate commit costs:
 * ten members voting on one post at once wait for each other's locks in turn
 * (bench/findings.md, "A vote's lock held across a round trip"). If a
 * statement fails, the `commit` behind it ends the aborted transaction with a
 * rollback, as Postgres does for a commit in a failed transaction block.
 */
export async function statementAsCaller<T extends readonly postgres.MaybeRow[]>(
  caller: Caller,
  statement: (tx: Tx) => postgres.PendingQuery<T>,
): Promise<T> {
  if (caller.role === "anon") return asCaller(caller, (tx) => statement(tx));
  const connection = await sql.reserve();
  try {
    const sent = [
      connection`begin`.execute(),
      setCaller(connection, caller),
      statement(connection as unknown as Tx).execute(),
      connection`commit`.execute(),
    ] as const;
    const settled = await Promise.allSettled(sent);
    const failure = settled.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    return await sent[2];
  } finally {
    connection.release();
  }
}

/**
 * Calls `onChange` with the payload whenever Postgres reports a change
 * visitors could see (NOTIFY public_changes), and `onListening` each time the listening
 * connection is (re)established, after which earlier notifications may have
 * been missed. False when no session connection is available for LISTEN.
 */
export function listenForChanges(handlers: { onChange: (payload: string) => void; onListening: () => void }): boolean {
  if (viaTransactionPooler) return false;
  sql.listen("public_changes", handlers.onChange, handlers.onListening).catch((error) => {
    console.error("LISTEN public_changes failed:", error);
  });
  return true;
}
