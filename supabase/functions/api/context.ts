import type { Caller } from "../_shared/auth.ts";

/** What every handler of the api function can read from the Hono context. */
export type AppEnv = {
  Variables: {
    caller: Caller;
    /** Set by a write that changes only vote counters, so the read cache is kept (middleware/read-cache.ts). */
    countersOnly?: boolean;
  };
};
