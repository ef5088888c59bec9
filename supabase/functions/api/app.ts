import { Hono } from "hono";
import { cors } from "hono/cors";
import { identifyCaller } from "../_shared/auth.ts";
import { handleError, notFound } from "../_shared/errors.ts";
import type { AppEnv } from "./context.ts";
import { postsRouter } from "./routes/posts.ts";
import { roleRouter } from "./routes/role.ts";

export const app = new Hono<AppEnv>().basePath("/api");

// The SPA calls same-origin /api; CORS is for direct calls to the function URL.
app.use("*", cors({ origin: "*", allowHeaders: ["authorization", "content-type", "apikey", "x-client-info"] }));

app.use("*", async (c, next) => {
  c.set("caller", await identifyCaller(c.req.header("authorization")));
  await next();
});

app.route("/role", roleRouter);
app.route("/posts", postsRouter);

app.notFound(notFound);
app.onError(handleError);
