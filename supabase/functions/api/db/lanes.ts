import pLimit from "p-limit";
import postgres from "postgres";
import type { Caller } from "../auth/caller.ts";
import { env } from "../env.ts";

// Supabase's transaction-mode pooler (port 6543) cannot keep prepared
// statements, session settings or LISTEN between transactions; a direct
// connection can.
const viaTransactionPooler = new URL(env.databaseUrl).port === "6543";
const poolSize = Number(Deno.env.get("DB_POOL_SIZE") ?? 10);

/**
 * Short work (a statement or a transaction that only talks to Postgres) runs
 * at most DB_ACTIVE_LIMIT at once, and of those at most DB_ACTIVE_WRITES
 * writes; the rest waits here, in the function, because more statements at
 * once than the database has cores only queue inside Postgres and make every
 * request dearer, and a burst of writes must not take the readers' places
 * (bench/findings.md, "Few statements at once"). No place is held while a
 * client sends or reads, so slow clients cannot take what short work needs
 * (tests/api/connections.test.ts).
 */
const activeLimit = Number(Deno.env.get("DB_ACTIVE_LIMIT") ?? 4);
const active = pLimit(activeLimit);
const activeWrites = pLimit(Number(Deno.env.get("DB_ACTIVE_WRITES") ?? Math.max(1, Math.floor(activeLimit / 2))));
const anonymousClaims = JSON.stringify({ role: "anon" });

/**
 * Each statement's time limit by the caller's role, as hosted Supabase sets
 * it for its API roles (https://supabase.com/docs/guides/database/postgres/timeouts).
 * A role's own settings never apply after `set role`, and the function logs
 * in as `postgres`, so they are set here: otherwise a statement waiting on a
 * lock would hold one of the places above for as long as it took. In
 * milliseconds, as postgres.js takes the startup setting.
 */
const statementTimeouts = { anon: 3_000, authenticated: 8_000 } as const satisfies Record<Caller["role"], number>;

/**
 * The function's one pool (plus the connection LISTEN opens), so an isolate
 * never takes more of the database than its share. On a direct connection
 * every session starts as the anonymous visitor (role, claims and time limit
 * are startup settings), so a visitor's read is one round trip; a user's
 * request sets its own with `set local` in a transaction.
 */
const sql = postgres(env.databaseUrl, {
  max: poolSize,
  prepare: !viaTransactionPooler,
  idle_timeout: 30,
  onnotice: () => {},
  connection: viaTransactionPooler
    ? { application_name: "api" }
    : { application_name: "api", role: "anon", "request.jwt.claims": anonymousClaims, statement_timeout: statementTimeouts.anon },
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

declare const lane: unique symbol;

/**
 * What a read runs its statements on: a read-only transaction for a user
 * (Postgres refuses any change in it), or a visitor's `anon` session, to which
 * the database grants no change. Handlers use only what both have (tagged
 * queries, fragments, `json`), so the visitor's pool passes for a transaction. A write's WriteTx
 * is a ReadTx too (a write may read); a ReadTx is never a WriteTx, so a
 * function that changes data, typed to take a WriteTx, cannot run in a read.
 */
export type ReadTx = postgres.TransactionSql & { readonly [lane]?: "read" | "write" };

/** What a write runs its statements on: a transaction as the caller, holding a write place. */
export type WriteTx = postgres.TransactionSql & { readonly [lane]?: "write" };

/**
 * Runs a read as the caller, the way PostgREST does: the role and the verified
 * JWT claims are set, so row-level security and `auth.uid()` decide what the
 * statements may see. A user's statements share one read-only transaction; a
 * visitor's run straight on the pool's anonymous sessions. It waits for one
 * of the DB_ACTIVE_LIMIT places first, so `work` must not call it again (four
 * such calls would each wait for the others' places).
 */
export function asCaller<T>(caller: Caller, work: (tx: ReadTx) => Promise<T>): Promise<T> {
  return active(() => runAsCaller(caller, "read only", work));
}

/** Work that changes data, as the caller: it waits for one of the DB_ACTIVE_WRITES places too. */
export function writeAsCaller<T>(caller: Caller, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return asWrite(() => runAsCaller(caller, "read write", work));
}

/** A write's places: one of the writes' first, then one of all short work's. */
const asWrite = <T>(work: () => Promise<T>): Promise<T> => activeWrites(() => active(work));

/**
 * The function's own work (the sources jobs), as the service role, which may
 * call only the private functions granted to it (supabase/migrations/…_sources.sql).
 * Short database work only: it holds a write place.
 */
export function asServiceRole<T>(work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return asWrite(() =>
    sql.begin("read write", async (tx) => {
      void tx`select set_config('role', 'service_role', true), set_config('statement_timeout', '8000', true)`.execute();
      return await work(tx as WriteTx);
    }) as Promise<T>
  );
}

/** Thrown to end `checkAsCaller`'s transaction with a rollback. */
const rolledBack = Symbol("rolled back");

/**
 * Runs `work` as the caller in a transaction that is then rolled back: whether
 * a change would be accepted now (every rule of the database), so a refused
 * post is refused before its files are uploaded, and no transaction stays
 * open while they arrive. The change itself runs later and checks everything
 * again (bench/findings.md, "Uploads outside the transaction").
 */
export async function checkAsCaller(caller: Caller, work: (tx: WriteTx) => Promise<unknown>): Promise<void> {
  try {
    await asWrite(() =>
      transactionAs(caller, "read write", async (tx) => {
        await work(tx);
        throw rolledBack;
      })
    );
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
}

/** Runs `work` as the caller, without waiting for any place: only through the functions above. */
async function runAsCaller<T>(caller: Caller, mode: "read only" | "read write", work: (tx: WriteTx) => Promise<T>): Promise<T> {
  if (caller.role === "anon" && await visitorSessions()) return work(sql as unknown as WriteTx);
  return transactionAs(caller, mode, work);
}

/** `work` in a transaction whose role, claims and time limit are the caller's. */
function transactionAs<T>(caller: Caller, mode: "read only" | "read write", work: (tx: WriteTx) => Promise<T>): Promise<T> {
  return sql.begin(mode, async (tx) => {
    // Not awaited: postgres.js pipelines it ahead of `work`'s first statement,
    // one round trip fewer; should it fail, `begin` rolls back with its error.
    void setCaller(tx, caller);
    return await work(tx as WriteTx);
  }) as Promise<T>;
}

function setCaller(tx: postgres.TransactionSql, caller: Caller) {
  return tx`select set_config('role', ${caller.role}, true),
                   set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                   set_config('statement_timeout', ${String(statementTimeouts[caller.role])}, true)`.execute();
}

/**
 * A call of a security-invoker function that changes data, in one statement
 * that Postgres commits as it ends: the role and claims come from a
 * materialized CTE the call reads its row from, so they are in force before
 * the function runs. A row lock the function takes (a vote's on its post's
 * counters) is then not held across a separate commit round trip
 * (bench/findings.md, "A vote's lock held across a round trip"). Only for
 * functions: a statement's own tables are checked against the session's
 * role. Its time limit is the session's, a visitor's.
 */
export async function callAsCaller<T>(caller: Caller, call: (sql: WriteTx) => postgres.Fragment): Promise<T> {
  const [row] = await asWrite(() =>
    sql<{ result: T }[]>`
      with caller as materialized (
        select set_config('role', ${caller.role}, true) as role,
               set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true) as claims)
      select ${call(sql as unknown as WriteTx)} as result from caller`
  );
  return row.result;
}

/**
 * Calls `onChange` with the payload whenever Postgres reports a change
 * visitors could see (NOTIFY public_changes), and `onListening` each time the
 * listening connection is (re)established, after which earlier notifications
 * may have been missed. False when no session connection is available.
 */
export function listenForChanges(handlers: { onChange: (payload: string) => void; onListening: () => void }): boolean {
  if (viaTransactionPooler) return false;
  sql.listen("public_changes", handlers.onChange, handlers.onListening).catch((error) => {
    console.error("LISTEN public_changes failed:", error);
  });
  return true;
}
