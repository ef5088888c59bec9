import type { Caller } from "../_shared/auth.ts";
import type { Change } from "./middleware/read-cache.ts";

/** What every handler of the api function can read from the Hono context. */
export type AppEnv = {
  Variables: {
    caller: Caller;
    /**
     * Set by a write that changes less than everything visitors read, so the
     * read cache keeps the rest (middleware/read-cache.ts): only vote
     * counters, or one post's comments (and its comment count).
     */
    changed?: Change;
  };
};
