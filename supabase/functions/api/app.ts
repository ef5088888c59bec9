import { cors } from "hono/cors";
import { handleError, notFound } from "./http/errors.ts";
import { documentHead, newRouter } from "./http/openapi.ts";
import { cacheControl } from "./middleware/cache-control.ts";
import { caller } from "./middleware/caller.ts";
import { jsonBodyLimit } from "./middleware/json-body-limit.ts";
import { readCache } from "./middleware/read-cache.ts";
import { adminRouter } from "./routes/admin.ts";
import { authorsRouter } from "./routes/authors.ts";
import { commentsRouter } from "./routes/comments.ts";
import { emailRouter } from "./routes/email.ts";
import { exportRouter } from "./routes/export.ts";
import { feedRouter } from "./routes/feed.ts";
import { followsRouter } from "./routes/follows.ts";
import { healthRouter } from "./routes/health.ts";
import { jobsRouter } from "./routes/jobs.ts";
import { meRouter } from "./routes/me.ts";
import { notificationsRouter } from "./routes/notifications.ts";
import { postsRouter } from "./routes/posts.ts";
import { roleRouter } from "./routes/role.ts";
import { shareCardRouter } from "./routes/share-card.ts";
import { sitemapRouter } from "./routes/sitemap.ts";
import { suggestionsRouter } from "./routes/suggestions.ts";
import { tagsRouter } from "./routes/tags.ts";
import { timelineRouter } from "./routes/timeline.ts";

/**
 * The api function. `listenForChanges: false` leaves the read cache off (no
 * LISTEN connection), for tests that run the app in process without a database.
 */
export function createApp(options: { listenForChanges: boolean } = { listenForChanges: true }) {
  const app = newRouter().basePath("/api");

  // The SPA calls same-origin /api; CORS is for direct calls to the function URL.
  app.use("*", cors({ origin: "*", allowHeaders: ["authorization", "content-type", "apikey", "x-client-info"] }));
  app.use("*", cacheControl);
  app.use("*", caller);
  app.use("*", jsonBodyLimit);
  app.use("*", readCache({ listen: options.listenForChanges }));

  // Each resource's router at its own prefix: no two routes match the same
  // request (app_test.ts), so the order below is only alphabetical.
  app.route("/admin", adminRouter);
  app.route("/authors", authorsRouter);
  app.route("/comments", commentsRouter);
  app.route("/email", emailRouter);
  app.route("/export", exportRouter);
  app.route("/feed", feedRouter);
  app.route("/follows", followsRouter);
  app.route("/health", healthRouter);
  app.route("/jobs", jobsRouter);
  app.route("/me", meRouter);
  app.route("/notifications", notificationsRouter);
  app.route("/posts", postsRouter);
  app.route("/role", roleRouter);
  app.route("/share-card", shareCardRouter);
  app.route("/sitemap.xml", sitemapRouter);
  app.route("/suggestions", suggestionsRouter);
  app.route("/tags", tagsRouter);
  app.route("/timeline", timelineRouter);

  // The contract: every route declared above, from the schemas that check its requests (docs/openapi.json holds a copy).
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A Supabase Auth access token (supabase.auth.getSession()); without one, the caller is a visitor.",
  });
  // Built at the first request, once every route is declared, and kept: the routes never change while the function runs.
  let contract: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  app.get("/openapi.json", (c) => c.json((contract ??= app.getOpenAPI31Document(documentHead))));

  app.notFound(notFound);
  app.onError(handleError);
  return app;
}

export const app = createApp();
