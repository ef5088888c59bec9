import type { MiddlewareHandler } from "hono";
import { identifyCaller } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";

/** Who is calling (a visitor, or a user by their verified access token), for every handler. */
export const caller: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("caller", await identifyCaller(c.req.header("authorization")));
  await next();
};
