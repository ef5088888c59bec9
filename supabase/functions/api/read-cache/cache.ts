import type { Change } from "../context.ts";
import { listenForChanges } from "../db/lanes.ts";
import { anonymousCacheSeconds } from "../middleware/cache-control.ts";
import { AnswerStore, type VisitorAnswer } from "./answer-store.ts";

/**
 * What visitors read is the same for every visitor, and most requests are
 * reads. Answers to anonymous GETs are kept in memory until Postgres reports
 * that something they are built from changed (NOTIFY public_changes, sent by
 * the database's triggers), and at most as long as a CDN may keep them
 * (answers also depend on the clock: "today" for Recent News). Which reads
 * are kept is up to each route (see shared-read.ts).
 *
 * Each time the listening connection is (re)established everything is
 * forgotten, as changes may have gone unheard meanwhile; until the first time,
 * nothing is kept.
 */
// The limits keep the store well inside a hosted function's memory, with room
// for the members' templates kept beside the answers.
const store = new AnswerStore({
  maxAgeMs: anonymousCacheSeconds * 1000,
  maxEntries: 1_000,
  maxBodyBytes: 512 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
});
let started = false;

const forgetEverything = () => store.forgetEverything();

/** Forgets what `change` made out of date (a visitor's counters may stay old until the answer expires). */
function forget(change: Change) {
  if ("counters" in change || "personal" in change) return;
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
export function startListening() {
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

/**
 * A write through this isolate forgets at once what it `changed` (everything
 * when it does not say): the NOTIFY that says so arrives a moment later, and
 * the writer's next read (the SPA refetches right away) must already see it.
 */
export function forgetAfterWrite(changed: Change | undefined) {
  if (changed) forget(changed);
  else forgetEverything();
}

/** Whether visitors' answers are being kept (a LISTEN connection is up). */
export const readCacheIsOn = () => store.keeping;

/** The visitor's answer for `key` (the request's URL), see AnswerStore. */
export const visitorAnswer = (key: string, build: () => Promise<unknown>): Promise<VisitorAnswer> => store.answer(key, build);
