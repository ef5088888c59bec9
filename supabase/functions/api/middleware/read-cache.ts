import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { forgetAfterWrite, startListening } from "../read-cache/cache.ts";

/**
 * The app's side of the read cache (read-cache/): the first request starts
 * listening for changes, and a successful write forgets what it changed.
 */
export function readCache(options: { listen: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (options.listen) startListening();
    await next();
    const isWrite = c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS";
    if (isWrite && c.res.status < 400) forgetAfterWrite(c.get("changed"));
  };
}
