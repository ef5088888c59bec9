import type { Sql } from "postgres";
import type { AuthKeys } from "../keys.ts";

/** What every auth handler works with: the database and the signing keys. */
export interface AuthContext {
  sql: Sql;
  keys: AuthKeys;
}
