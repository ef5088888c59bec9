import { Hono } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * GET /health: a constant answer that touches no database. Uptime checks use
 * it, and the benchmark measures it as the floor every other call is compared to.
 */
export const healthRouter = new Hono<AppEnv>();

healthRouter.get("/", (c) => c.json({ ok: true }));
