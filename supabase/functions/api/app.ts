import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { identifyCaller } from "../_shared/auth.ts";
import { cacheControl } from "../_shared/cache-control.ts";
import { fail, handleError, notFound } from "../_shared/errors.ts";
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
// Every JSON call fits in 256 KB (a post's content tops out at 100,000
// characters); a larger body is refused with 413 from its Content-Length, or as
// soon as a chunked one crosses the limit, never parsed (issue 13 item 5).
// Multipart uploads have their own limit on the routes that take them.
const jsonBodyLimit = bodyLimit({ maxSize: 256 * 1024, onError: () => fail(413, "The request body is too large.") });
app.use("*", (c, next) =>
  c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data") ? next() : jsonBodyLimit(c, next));
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
