import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../api/context.ts";
import { listenForChanges } from "./db.ts";

/**
 * What visitors read is the same for every visitor, and most requests are
 * reads. Answers to anonymous GETs are kept in memory until Postgres reports
 * that something they are built from changed (NOTIFY public_changes, see
 * supabase/migrations/…_api_reads.sql), and at most `maxAgeMs` (answers also
 * depend on the clock: "today" for Recent News).
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
  contentType: string;
  storedAt: number;
}

const entries = new Map<string, Entry>();
let generation = 0;
let listening = false;

function forgetEverything() {
  generation += 1;
  entries.clear();
}

const started = listenForChanges({
  onChange: forgetEverything,
  onListening: () => {
    listening = true;
    forgetEverything();
  },
});
if (!started) console.warn("read cache off: no session connection for LISTEN (transaction pooler)");

/** Whether visitors' answers are being kept (a LISTEN connection is up). */
export const readCacheIsOn = () => started && listening;

export const readCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") {
    await next();
    // A write through this isolate empties its cache at once: the NOTIFY that
    // says so arrives a moment later, and the writer's next read (the SPA
    // refetches right away) must already see the change.
    if (c.res.status < 400) forgetEverything();
    return;
  }
  if (!readCacheIsOn() || c.req.method !== "GET" || c.var.caller.role !== "anon") return next();

  const key = c.req.url;
  const hit = entries.get(key);
  if (hit && Date.now() - hit.storedAt < maxAgeMs) {
    // Most recently used last, so the oldest entry is the first to go.
    entries.delete(key);
    entries.set(key, hit);
    c.header("X-Read-Cache", "hit");
    return c.body(hit.body, 200, { "content-type": hit.contentType });
  }

  const generationAtStart = generation;
  await next();
  const contentType = c.res.headers.get("content-type") ?? "";
  if (c.res.status !== 200 || !contentType.includes("application/json") || generation !== generationAtStart) return;
  const body = await c.res.clone().text();
  if (body.length > maxBodyBytes || generation !== generationAtStart) return;
  entries.delete(key);
  entries.set(key, { body, contentType, storedAt: Date.now() });
  if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
};
