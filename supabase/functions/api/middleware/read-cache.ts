import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { listenForChanges } from "../../_shared/db.ts";
import { AnswerStore, type VisitorAnswer } from "./answer-store.ts";
import { anonymousCacheSeconds } from "./cache-control.ts";

/**
 * What visitors read is the same for every visitor, and most requests are
 * reads. Answers to anonymous GETs are kept in memory until Postgres reports
 * that something they are built from changed (NOTIFY public_changes, see
 * supabase/migrations/…_api_reads.sql), and at most 30 s (answers also
 * depend on the clock: "today" for Recent News). Which reads are kept is up to
 * each route (see shared-read.ts).
 *
 * Each time the listening connection is (re)established everything is
 * forgotten, as changes may have gone unheard meanwhile; until the first time,
 * nothing is kept.
 */
// As long as a CDN may keep a visitor's answer. 1,000 answers of up to 512 kB
// could take 512 MB, twice a hosted function's memory; 32 MB in all leaves
// room for the members' templates kept beside them and everything else.
const store = new AnswerStore({
  maxAgeMs: anonymousCacheSeconds * 1000,
  maxEntries: 1_000,
  maxBodyBytes: 512 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
});
let started = false;

const forgetEverything = () => store.forgetEverything();

/**
 * What a write changed, when less than everything: only vote counters, which
 * a visitor's kept answer may show up to 30 s old (the database does not
 * notify them either; members read current ones), or the comments of some
 * posts (their comment counts are counters too).
 */
export type Change = { counters: true } | { commentsOf: readonly number[] };

/** Forgets what `change` made out of date. */
function forget(change: Change) {
  if ("counters" in change) return;
  const lists = change.commentsOf.map((postId) => `/posts/${postId}/comments`);
  store.forget((key) => {
    const path = new URL(key).pathname;
    return lists.some((list) => path.endsWith(list));
  });
}

/** A notification: 'comments of {id},{id}…' names the posts whose comments changed; anything else may have changed anything. */
function onChange(payload: string) {
  const commentsOf = /^comments of ([\d,]+)$/.exec(payload);
  if (commentsOf) forget({ commentsOf: commentsOf[1].split(",").map(Number) });
  else forgetEverything();
}

/**
 * Starts listening for changes, once. Not at import, so the app can be loaded
 * (and tested in process) without a database; the first request starts it.
 */
function startListening() {
  if (started) return;
  started = true;
  const possible = listenForChanges({
    onChange,
    onListening: () => {
      store.keeping = true;
      forgetEverything();
    },
  });
  if (!possible) console.warn("read cache off: no session connection for LISTEN (transaction pooler)");
}

/** Whether visitors' answers are being kept (a LISTEN connection is up). */
export const readCacheIsOn = () => store.keeping;

/**
 * The app's side of the cache: the first request starts listening, and a write
 * through this isolate empties the cache at once: the NOTIFY that says so
 * arrives a moment later, and the writer's next read (the SPA refetches right
 * away) must already see the change. A write that says what it `changed`
 * forgets only that.
 */
export function readCache(options: { listen: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (options.listen) startListening();
    await next();
    const isWrite = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (!isWrite || c.res.status >= 400) return;
    const changed = c.get("changed");
    if (changed) forget(changed);
    else forgetEverything();
  };
}

/** The visitor's answer for `key` (the request's URL), see AnswerStore. */
export const visitorAnswer = (key: string, build: () => Promise<unknown>): Promise<VisitorAnswer> => store.answer(key, build);
