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
 *
 * A user's `begin` and claims are not awaited on their own: postgres.js
 * pipelines them with the work's first statement on the reserved connection
 * (one write, one wait instead of three; bench/findings.md, "A user's
 * transaction in fewer round trips").
 */
export async function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (caller.role === "anon" && await visitorSessions()) return work(sql as unknown as Tx);
  return inTransaction(caller, async (tx, setUp) => {
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      // A statement fails after a failed set-up only because of it: that is the error to report.
      await setUp;
      throw error;
    }
    await setUp;
    await tx`commit`;
    return result;
  });
}

/**
 * One statement as the caller (see asCaller), with `commit` sent right behind
 * it: begin, the claims, the statement and commit leave in one write, and
 * what the statement locks (a vote's post row) is released as soon as Postgres
 * reaches the commit, not a round trip to this isolate later. `statement`
 * must return the query itself, unawaited (a PendingQuery, which an async
 * function cannot return), so it is queued before the commit.
 */
export function statementAsCaller<Row extends readonly object[]>(
  caller: Caller,
  statement: (tx: Tx) => postgres.PendingQuery<Row>,
): Promise<postgres.RowList<Row>> {
  return inTransaction(caller, async (tx, setUp) => {
    const result = statement(tx).execute();
    const committed = tx`commit`.execute();
    committed.catch(() => {}); // awaited below once the statement has succeeded
    const rows = await result.catch(async (error) => {
      await setUp;
      throw error;
    });
    await Promise.all([setUp, committed]);
    return rows;
  });
}

/**
 * A user's transaction on a connection of its own: `begin` and the claims are
 * sent at once (`setUp`, not yet awaited) for `run` to queue its statements
 * and `commit` behind. A failure rolls back: a handler's own error (a 404)
 * leaves the transaction open, a failed statement leaves it aborted (where a
 * commit already sent behind the statement has ended it, `rollback` only
 * draws a warning).
 */
async function inTransaction<T>(caller: Caller, run: (tx: Tx, setUp: Promise<unknown>) => Promise<T>): Promise<T> {
  const connection = await sql.reserve();
  try {
    const setUp = Promise.all([
      connection`begin`.execute(),
      connection`select set_config('role', ${caller.role}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`.execute(),
    ]);
    // Awaited by `run`; a failure is reported there, not as unhandled meanwhile.
    setUp.catch(() => {});
    return await run(connection as unknown as Tx, setUp);
  } catch (error) {
    await connection`rollback`.catch(() => {});
    throw error;
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
