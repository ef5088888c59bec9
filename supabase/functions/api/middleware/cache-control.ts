import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * What a visitor may read is the same for every visitor, so a CDN in front of
 * /api can serve it for a short while and refresh it in the background
 * (CDN-Cache-Control, RFC 9213, which only CDNs read). A browser asks again
 * each time: the SPA keeps answers itself, and a browser allowed to refresh
 * a kept answer in the background asked twice for one page.
 * Anything a signed-in user reads may carry their own votes: private.
 */
export const anonymousCacheSeconds = 30;

export const cacheControl: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== "GET" || c.res.headers.has("cache-control")) return;
  if (c.var.caller?.role === "anon" && c.res.status === 200) {
    c.header("Cache-Control", `public, max-age=0, s-maxage=${anonymousCacheSeconds}`);
    c.header("CDN-Cache-Control", `public, max-age=${anonymousCacheSeconds}, stale-while-revalidate=300`);
  } else {
    c.header("Cache-Control", "private, no-store");
  }
  c.header("Vary", "Authorization", { append: true });
};
