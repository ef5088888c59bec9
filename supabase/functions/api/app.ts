import { Hono } from "hono";
import { cors } from "hono/cors";
import { identifyCaller } from "../_shared/auth.ts";
import { cacheControl } from "../_shared/cache-control.ts";
import { handleError, notFound } from "../_shared/errors.ts";
import { personalReads } from "../_shared/personal-reads.ts";
import { readCache } from "../_shared/read-cache.ts";
import type { AppEnv } from "./context.ts";
import { adminRouter } from "./routes/admin.ts";
import { commentsRouter } from "./routes/comments.ts";
import { editSuggestionsRouter } from "./routes/edit-suggestions.ts";
import { healthRouter } from "./routes/health.ts";
import { postsRouter } from "./routes/posts.ts";
import { roleRouter } from "./routes/role.ts";
import { suggestionsRouter } from "./routes/suggestions.ts";
import { timelineRouter } from "./routes/timeline.ts";
import { votesRouter } from "./routes/votes.ts";

export const app = new Hono<AppEnv>().basePath("/api");

// The SPA calls same-origin /api; CORS is for direct calls to the function URL.
app.use("*", cors({ origin: "*", allowHeaders: ["authorization", "content-type", "apikey", "x-client-info"] }));

app.use("*", cacheControl);
app.use("*", async (c, next) => {
  c.set("caller", await identifyCaller(c.req.header("authorization")));
  await next();
});
app.use("*", readCache);
// A signed-in read is the visitor's answer (from the read cache) plus the user's votes.
app.use("*", personalReads((url) => app.request(url)));

// Routers whose paths span resources (/posts/{id}/comments, /comments/{id})
// are mounted at the root and registered before /posts/{id} can claim them.
app.route("/", votesRouter);
app.route("/", commentsRouter);
app.route("/", editSuggestionsRouter);
app.route("/health", healthRouter);
app.route("/role", roleRouter);
app.route("/posts", postsRouter);
app.route("/timeline", timelineRouter);
app.route("/suggestions", suggestionsRouter);
app.route("/admin", adminRouter);

app.notFound(notFound);
app.onError(handleError);
