import pLimit from "p-limit";
import postgres from "postgres";
import type { Caller } from "./auth.ts";
import { env } from "./env.ts";

// Supabase's transaction-mode pooler (port 6543) cannot keep prepared
// statements, session settings or LISTEN between transactions; a direct
// connection can.
const viaTransactionPooler = new URL(env.databaseUrl).port === "6543";
const poolSize = Number(Deno.env.get("DB_POOL_SIZE") ?? 10);
/**
 * Short work (a statement or a transaction that only talks to Postgres) runs
 * at most DB_ACTIVE_LIMIT at once, and of those at most DB_ACTIVE_WRITES
 * writes; the rest waits here, in the function. Past about twice the
 * database's cores, more statements at once only queue inside Postgres and
 * make every request dearer: on the bench's 2-core host, 10 at once served a
 * third fewer cache misses than 2 to 4, and capping writes at 2 kept members'
 * reads under a write storm at p99 36 – 48 ms instead of 60 – 63
 * (bench/findings.md, "Few statements at once"). Every statement the
 * function runs waits for one of these places, and none holds a connection
 * while a client sends or reads (an upload checks its post in one short
 * transaction and writes it in another, with its files streamed to Storage
 * in between: `checkAsCaller`), so slow clients cannot take the connections
 * short work needs (tests/api/connections.test.ts).
 */
const activeLimit = Number(Deno.env.get("DB_ACTIVE_LIMIT") ?? 4);
const active = pLimit(activeLimit);
const activeWrites = pLimit(Number(Deno.env.get("DB_ACTIVE_WRITES") ?? Math.max(1, Math.floor(activeLimit / 2))));
const anonymousClaims = JSON.stringify({ role: "anon" });

/**
 * Each statement's time limit, by the caller's role: what hosted Supabase
 * gives its API roles (`alter role anon set statement_timeout = '3s'`,
 * authenticated 8 s: https://supabase.com/docs/guides/database/postgres/timeouts),
 * and PostgREST applies to each request's transaction ("impersonated role
 * settings", https://supabase.com/blog/postgrest-11-1-release). A role's own
 * settings apply only to sessions that log in as it, never after `set
 * role`, and the function logs in as `postgres`, which has none; so they are
 * set here. Without them a statement waiting on a lock, or one that ran
 * away, would hold one of the few places above for as long as it took. A
 * cancelled statement is a 503 (_shared/errors.ts). In milliseconds, as
 * postgres.js takes the startup setting.
 */
const statementTimeouts = { anon: 3_000, authenticated: 8_000 } as const satisfies Record<Caller["role"], number>;

/**
 * The function's one pool: DB_POOL_SIZE connections in all, plus the one
 * LISTEN opens, so an isolate never takes more of the database than its share.
 * On a direct connection every session starts as the anonymous visitor
 * (the role, its claims and its time limit are startup settings), so a
 * visitor's read is one statement, one round trip; a user's request sets its
 * role, claims and time limit with `set local` in a transaction, and the
 * session is the visitor again when it ends.
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
 * straight on the pool's anonymous sessions. For short reads: it waits for
 * one of the DB_ACTIVE_LIMIT places first, so `work` must not call it again
 * (four such calls would each wait for the others' places).
 */
export function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return active(() => runAsCaller(caller, work));
}

/** `asCaller` for work that changes data: it waits for one of the DB_ACTIVE_WRITES places too. */
export function writeAsCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return asWrite(() => runAsCaller(caller, work));
}

/** A write's places: one of the writes' first, then one of all short work's. */
const asWrite = <T>(work: () => Promise<T>): Promise<T> => activeWrites(() => active(work));

/** Thrown to end `checkAsCaller`'s transaction with a rollback. */
const rolledBack = Symbol("rolled back");

/**
 * Runs `work` as the caller in a transaction that is then rolled back: it
 * says whether a change would be accepted now (every rule of the database,
 * the cooldown included) before the client sends what the change needs, so
 * a refused post is refused before its files are uploaded, and no
 * transaction stays open while they arrive. The change itself runs later in
 * a transaction of its own, which checks every rule again. A write: it
 * waits for a place as `writeAsCaller` does, and always takes a transaction,
 * even for a visitor.
 */
export async function checkAsCaller(caller: Caller, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  try {
    await asWrite(() =>
      transactionAs(caller, async (tx) => {
        await work(tx);
        throw rolledBack;
      })
    );
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
}

/** Runs `work` as the caller, without waiting for any place: only through the functions above. */
async function runAsCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (caller.role === "anon" && await visitorSessions()) return work(sql as unknown as Tx);
  return transactionAs(caller, work);
}

/** `work` in a transaction whose role, claims and time limit are the caller's. */
function transactionAs<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    // Not awaited: sent ahead of the first statement of `work` on the same
    // connection (postgres.js pipelines a transaction's statements), one round
    // trip fewer. Should it fail, `begin` rolls back and throws its error.
    void setCaller(tx, caller);
    return await work(tx);
  }) as Promise<T>;
}

function setCaller(tx: Tx, caller: Caller) {
  return tx`select set_config('role', ${caller.role}, true),
                   set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                   set_config('statement_timeout', ${String(statementTimeouts[caller.role])}, true)`.execute();
}

/**
 * A call of a security-invoker function as a signed-in caller, in one
 * statement and its own transaction, which Postgres commits as the statement
 * ends, in the same round trip. The role and claims come from a materialized
 * CTE the call reads its one row from, so they are in force before the
 * function runs, and its statements are planned and checked under them (row-
 * level security, `auth.uid()`); they end with the transaction. In
 * `asCaller`'s transaction the commit is a round trip of its own after the
 * function's answer: a row lock the function takes (a vote's on its post's
 * counters) was held across it, and ten members voting on one post at once
 * waited for each other's locks in turn (bench/findings.md, "A vote's lock
 * held across a round trip"). Only for functions: a statement's own tables
 * are checked against the role it was planned under, the session's. A write,
 * so it waits for a place as `writeAsCaller` does. Its time limit is the
 * session's, a visitor's 3 s (a limit set within a statement applies only
 * from the next one).
 */
export async function callAsCaller<T>(caller: Caller, call: (sql: Tx) => postgres.Fragment): Promise<T> {
  const [row] = await asWrite(() =>
    sql<{ result: T }[]>`
      with caller as materialized (
        select set_config('role', ${caller.role}, true) as role,
               set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true) as claims)
      select ${call(sql as unknown as Tx)} as result from caller`
  );
  return row.result;
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
