import type { Caller } from "../_shared/auth.ts";

/** What every handler of the api function can read from the Hono context. */
export type AppEnv = { Variables: { caller: Caller } };
