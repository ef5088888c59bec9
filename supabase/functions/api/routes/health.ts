import { createRoute } from "@hono/zod-openapi";
import { healthAnswer } from "../../_shared/api/health.ts";
import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";

/**
 * GET /health: a constant answer that touches no database. Uptime checks use
 * it, and the benchmark compares the reads answered from memory with it.
 *
 * GET /health/db: one database round trip made the way a visitor's read makes
 * it (as `anon`, through the same pool and place in line, never the read
 * cache), whoever asks; the benchmark compares the reads Postgres builds with
 * it, and a monitor can tell a database that stopped answering (503).
 */
export const healthRouter = newRouter();

healthRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getHealth",
    tags: ["Health"],
    summary: "The function answers (no database)",
    ...access("visitor"),
    responses: { 200: json(healthAnswer, "The function is up."), ...errors() },
  }),
  (c) => c.json({ ok: true as const }, 200),
);

healthRouter.openapi(
  createRoute({
    method: "get",
    path: "/db",
    operationId: "getDatabaseHealth",
    tags: ["Health"],
    summary: "The database answers one round trip",
    ...access("visitor"),
    responses: { 200: json(healthAnswer, "The database answered; never cached."), ...errors() },
  }),
  async (c) => {
    await asCaller(anonymous, (tx) => tx`select 1`);
    // A kept answer would say nothing about the database now.
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true as const }, 200);
  },
);
