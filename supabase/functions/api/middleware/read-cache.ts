import type { MiddlewareHandler } from "hono";
import { listenForChanges } from "../../_shared/db.ts";

/**
 * What visitors read is the same for every visitor, and most requests are
 * reads. Answers to anonymous GETs are kept in memory until Postgres reports
 * that something they are built from changed (NOTIFY public_changes, see
 * supabase/migrations/…_api_reads.sql), and at most `maxAgeMs` (answers also
 * depend on the clock: "today" for Recent News). Which reads are kept is up to
 * each route (see shared-read.ts).
 *
 * A read that overlapped a change is not kept: `generation` counts the
 * changes, and an answer is stored only if none arrived while it was built.
 * Each time the listening connection is (re)established everything is
 * forgotten, as changes may have gone unheard meanwhile; until the first time,
 * nothing is kept.
 */
const maxAgeMs = 30_000;
const maxEntries = 1_000;
const maxBodyBytes = 512 * 1024;

interface Entry {
  body: string;
  storedAt: number;
}

const entries = new Map<string, Entry>();
let generation = 0;
let started = false;
let listening = false;

function forgetEverything() {
  generation += 1;
  entries.clear();
}

/**
 * Starts listening for changes, once. Not at import, so the app can be loaded
 * (and tested in process) without a database; the first request starts it.
 */
function startListening() {
  if (started) return;
  started = true;
  const possible = listenForChanges({
    onChange: forgetEverything,
    onListening: () => {
      listening = true;
      forgetEverything();
    },
  });
  if (!possible) console.warn("read cache off: no session connection for LISTEN (transaction pooler)");
}

/** Whether visitors' answers are being kept (a LISTEN connection is up). */
export const readCacheIsOn = () => listening;

/**
 * The app's side of the cache: the first request starts listening, and a write
 * through this isolate empties the cache at once: the NOTIFY that says so
 * arrives a moment later, and the writer's next read (the SPA refetches right
 * away) must already see the change.
 */
export function readCache(options: { listen: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (options.listen) startListening();
    await next();
    const isWrite = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (isWrite && c.res.status < 400) forgetEverything();
  };
}

/** A visitor's answer as JSON text, and whether it came from memory. */
export interface VisitorAnswer {
  json: string;
  fromMemory: boolean;
}

/**
 * The visitor's answer for `key` (the request's URL): from memory, else built
 * by `build` and kept if nothing changed meanwhile. A failed build is thrown
 * and not kept.
 */
export async function visitorAnswer(key: string, build: () => Promise<unknown>): Promise<VisitorAnswer> {
  const hit = entries.get(key);
  if (hit && Date.now() - hit.storedAt < maxAgeMs) {
    // Most recently used last, so the oldest entry is the first to go.
    entries.delete(key);
    entries.set(key, hit);
    return { json: hit.body, fromMemory: true };
  }

  const generationAtStart = generation;
  const json = JSON.stringify(await build());
  if (json.length <= maxBodyBytes && generation === generationAtStart && readCacheIsOn()) {
    entries.delete(key);
    entries.set(key, { body: json, storedAt: Date.now() });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }
  return { json, fromMemory: false };
}
