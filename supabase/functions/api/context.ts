import type { Caller } from "./auth/caller.ts";

/**
 * What a write changed, when less than everything visitors read, so the read
 * cache keeps the rest (read-cache/cache.ts): only vote counters (members
 * read current ones; the database does not notify them either), or the
 * comments of some posts (their comment counts are counters too), or
 * nothing visitors read (a member's own follows and settings).
 */
export type Change = { counters: true } | { commentsOf: readonly number[] } | { personal: true };

/** What every handler of the api function can read from the Hono context. */
export type AppEnv = {
  Variables: {
    caller: Caller;
    /** Set by a write that changes less than everything (see Change). */
    changed?: Change;
  };
};
