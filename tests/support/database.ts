/**
 * The database owner's connection: no role, no claims, no row-level security.
 * Tests arrange their world and read back what happened through it, never
 * through the code under test. Each test file's connections are closed after
 * it by tests/support/close-database.ts (the projects' setup file).
 */
import postgres from "postgres";
import { testEnv } from "./env.ts";

/** A new pool on DATABASE_URL; end it when done (`sql` is ended for you). */
export function newPool(max: number): postgres.Sql {
  // Not "api…": tests/api/connections.test.ts counts the api function's connections by that prefix.
  return postgres(testEnv.databaseUrl, { max, idle_timeout: 5, onnotice: () => {}, connection: { application_name: "tests" } });
}

/** Connects as the database owner, the "system" of the tests. */
export const sql = newPool(10);

export type Tx = postgres.TransactionSql;

export async function closeDatabase(): Promise<void> {
  await sql.end({ timeout: 5 });
}
