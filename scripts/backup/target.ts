/**
 * The project a backup reads or a restore writes: its database URL, its
 * Supabase URL and a service key for Storage. The same for the local stack
 * and a hosted project: everything goes through the database URL and the
 * Storage HTTP API, never through a stack's files.
 */
import postgres, { type Sql } from "postgres";
import { stackEnv } from "../stack-env.ts";

export interface Project {
  databaseUrl: string;
  supabaseUrl: string;
  /** The service role key (a JWT) or a secret key (`sb_secret_…`). */
  serviceKey: string;
  /** For messages: the database's host and the Supabase URL, without the password. */
  label: string;
}

export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.username ? `${url.username}@` : ""}${url.host}${url.pathname}`;
  } catch {
    return "(a database URL that does not parse)";
  }
}

/**
 * `--db-url` with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY or
 * SUPABASE_SECRET_KEY from the environment; without it, the local stack
 * (scripts/stack-env.ts: the exported stack variables, or the stack at
 * LOCAL_STACK_PORT_OFFSET).
 */
export function resolveProject(dbUrl: string | undefined, env: NodeJS.ProcessEnv = process.env): Project {
  if (dbUrl) {
    const supabaseUrl = env.SUPABASE_URL;
    const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY || env.SUPABASE_SECRET_KEY;
    if (!supabaseUrl || !serviceKey) {
      throw new Error("with --db-url, set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY) of the same project: Storage is reached through its API");
    }
    return project(dbUrl, supabaseUrl, serviceKey);
  }
  const local = stackEnv();
  const serviceKey = local.SUPABASE_SERVICE_ROLE_KEY || local.SUPABASE_SECRET_KEY;
  if (!local.DATABASE_URL || !serviceKey) throw new Error("the local stack's DATABASE_URL and service key are unknown: is it running (npm start)?");
  return project(local.DATABASE_URL, local.SUPABASE_URL!, serviceKey);
}

function project(databaseUrl: string, supabaseUrl: string, serviceKey: string): Project {
  const base = supabaseUrl.replace(/\/+$/, "");
  return { databaseUrl, supabaseUrl: base, serviceKey, label: `${redact(databaseUrl)} and ${base}` };
}

/**
 * A connection to the project's database. Settings that change how COPY
 * writes values are set in each transaction (`sessionSettings`), so a
 * pooler cannot lose them.
 */
export function connect(p: Project, max = 2): Sql {
  return postgres(p.databaseUrl, {
    max,
    onnotice: () => {},
    connect_timeout: 15,
    idle_timeout: 30,
    connection: { application_name: "archive-backup" },
  });
}

/**
 * Fixed output settings, set in every transaction that copies rows, so the
 * text COPY writes (and the digests made of it) is the same whoever runs it:
 * dates in ISO and UTC, floats exact, bytea in hex. `row_security = off`, as
 * pg_dump sets it: a table whose row-level security would hide rows from
 * this role is an error, never a silently partial copy.
 */
export async function sessionSettings(tx: postgres.TransactionSql): Promise<void> {
  await tx`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, MDY', true),
                  set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '3', true),
                  set_config('bytea_output', 'hex', true), set_config('row_security', 'off', true),
                  set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)`;
}

/** A connection that fails is the likeliest first error: say where. */
export async function checkConnection(sql: Sql, p: Project): Promise<void> {
  await sql`select 1`.catch((error: Error) => {
    throw new Error(`cannot reach the database ${redact(p.databaseUrl)} (${error.message})`);
  });
}
