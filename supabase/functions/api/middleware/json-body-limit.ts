import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fail } from "../../_shared/errors.ts";

/**
 * Every JSON call fits in 256 KB (a post's content tops out at 100,000
 * characters); a larger body is refused with 413 from its Content-Length, or as
 * soon as a chunked one crosses the limit, never parsed, so no request can make
 * the function buffer an unbounded body. Multipart uploads have their own limit
 * on the routes that take them.
 */
export const maxJsonBodyBytes = 256 * 1024;

const limit = bodyLimit({ maxSize: maxJsonBodyBytes, onError: () => fail(413, "The request body is too large.") });

export const jsonBodyLimit: MiddlewareHandler = (c, next) =>
  c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data") ? next() : limit(c, next);
