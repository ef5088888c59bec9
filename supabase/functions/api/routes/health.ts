import { Hono } from "hono";
import { anonymous } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";

/**
 * GET /health: a constant answer that touches no database. Uptime checks use
 * it, and the benchmark compares the reads answered from memory with it.
 *
 * GET /health/db: one database round trip made the way a visitor's read makes
 * it (as `anon`, through the same pool and place in line, never the read
 * cache), whoever asks; the benchmark compares the reads Postgres builds with
 * it, and a monitor can tell a database that stopped answering (503).
 */
export const healthRouter = new Hono<AppEnv>();

healthRouter.get("/", (c) => c.json({ ok: true }));

healthRouter.get("/db", async (c) => {
  await asCaller(anonymous, (tx) => tx`select 1`);
  // A kept answer would say nothing about the database now.
  c.header("Cache-Control", "no-store");
  return c.json({ ok: true });
});
