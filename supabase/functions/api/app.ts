import { Hono } from "hono";
import { cors } from "hono/cors";
import { handleError, notFound } from "../_shared/errors.ts";
import type { AppEnv } from "./context.ts";
import { cacheControl } from "./middleware/cache-control.ts";
import { caller } from "./middleware/caller.ts";
import { jsonBodyLimit } from "./middleware/json-body-limit.ts";
import { readCache } from "./middleware/read-cache.ts";
import { adminRouter } from "./routes/admin.ts";
import { adminModerationRouter } from "./routes/admin-moderation.ts";
import { adminRevisionsRouter } from "./routes/admin-revisions.ts";
import { authorsRouter } from "./routes/authors.ts";
import { commentsRouter } from "./routes/comments.ts";
import { editSuggestionsRouter } from "./routes/edit-suggestions.ts";
import { feedRouter } from "./routes/feed.ts";
import { healthRouter } from "./routes/health.ts";
import { meRouter } from "./routes/me.ts";
import { mineRouter } from "./routes/mine.ts";
import { notificationsRouter } from "./routes/notifications.ts";
import { postsRouter } from "./routes/posts.ts";
import { reportsRouter } from "./routes/reports.ts";
import { revisionsRouter } from "./routes/revisions.ts";
import { roleRouter } from "./routes/role.ts";
import { shareCardRouter } from "./routes/share-card.ts";
import { sitemapRouter } from "./routes/sitemap.ts";
import { suggestionsRouter } from "./routes/suggestions.ts";
import { tagsRouter } from "./routes/tags.ts";
import { timelineRouter } from "./routes/timeline.ts";
import { votesRouter } from "./routes/votes.ts";

/**
 * The api function. `listenForChanges: false` leaves the read cache off (no
 * LISTEN connection), for tests that run the app in process without a database.
 */
export function createApp(options: { listenForChanges: boolean } = { listenForChanges: true }) {
  const app = new Hono<AppEnv>().basePath("/api");

  // The SPA calls same-origin /api; CORS is for direct calls to the function URL.
  app.use("*", cors({ origin: "*", allowHeaders: ["authorization", "content-type", "apikey", "x-client-info"] }));
  app.use("*", cacheControl);
  app.use("*", caller);
  app.use("*", jsonBodyLimit);
  app.use("*", readCache({ listen: options.listenForChanges }));

  // Routers whose paths span resources (/posts/{id}/comments, /comments/{id})
  // are mounted at the root and registered before /posts/{id} can claim them.
  app.route("/", votesRouter);
  app.route("/", commentsRouter);
  app.route("/", mineRouter);
  app.route("/", editSuggestionsRouter);
  app.route("/", reportsRouter);
  app.route("/", revisionsRouter);
  app.route("/health", healthRouter);
  app.route("/role", roleRouter);
  app.route("/posts", postsRouter);
  app.route("/timeline", timelineRouter);
  app.route("/tags", tagsRouter);
  app.route("/authors", authorsRouter);
  app.route("/suggestions", suggestionsRouter);
  app.route("/admin", adminRouter);
  app.route("/me", meRouter);
  app.route("/notifications", notificationsRouter);
  app.route("/admin", adminModerationRouter);
  app.route("/admin", adminRevisionsRouter);
  app.route("/feed", feedRouter);
  app.route("/sitemap.xml", sitemapRouter);
  app.route("/share-card", shareCardRouter);

  app.notFound(notFound);
  app.onError(handleError);
  return app;
}

export const app = createApp();
