import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import { fail } from "../http/errors.ts";

/**
 * Every JSON call fits in 256 KB (a post's content tops out at 100,000
 * characters); a larger body is refused with 413 from its Content-Length, or as
 * soon as a chunked one crosses the limit, never parsed, so no request can make
 * the function buffer an unbounded body.
 */
export const maxJsonBodyBytes = 256 * 1024;

/**
 * Marks a route that reads a form, `router.post(path, takesForm, handler)`:
 * such a route caps its body itself as it streams (forms/multipart.ts).
 */
export const takesForm: MiddlewareHandler = (_c, next) => next();

const formContentType = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;

const limit = bodyLimit({ maxSize: maxJsonBodyBytes, onError: () => fail(413, "The request body is too large.") });

/**
 * Every route's body rule, so that no route can forget one: a form only where
 * the route declares `takesForm`, refused unread anywhere else, and any other
 * body capped at the JSON limit as it streams.
 */
export const jsonBodyLimit: MiddlewareHandler = (c, next) => {
  if (matchedRoutes(c).some((route) => route.handler === takesForm)) return next();
  if (c.req.raw.body && formContentType.test(c.req.header("content-type") ?? "")) {
    fail(415, "This request takes JSON, not a form.");
  }
  return limit(c, next);
};
