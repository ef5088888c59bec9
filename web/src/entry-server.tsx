/**
 * The server's half of the first screen: renders a public page with the same
 * routes and components the SPA uses, and hands back the HTML and the query
 * answers it used, which the SPA hydrates (src/main.tsx). Built by
 * `vite build` as the `ssr` environment (vite.config.ts) into
 * web/dist-server/entry-server.js, which the host's middleware runs
 * (web/host/first-screen.ts): Netlify's and Cloudflare's edge, and
 * `vite preview` locally.
 *
 * The components fetch with TanStack Query's `useQuery`, which does not fetch
 * on a server. So the page is rendered, the queries it asked for are fetched,
 * and it is rendered again, until it asks for nothing new: the answers are
 * exactly what the SPA would ask for, from the same fetchers.
 */
import { dehydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import landingChunks from "virtual:landing-chunks";
import { AppProvider } from "@/app/provider";
import { landingRouteAt, type LandingRoute } from "@/app/landing-routes";
import { routeObjects } from "@/app/router";
import { ServerOriginContext } from "@/hooks/use-site-origin";
import { setServerApiBase } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export type FirstScreen = {
  route: LandingRoute;
  /** The markup of #root. */
  html: string;
  /** The answers the page was rendered from, for the SPA's cache. */
  state: DehydratedState;
  /** The stylesheets of the first screen in the build that index.html only preloads (the app's, the route's): linked, the page is styled at its first paint. */
  stylesheets: string[];
};

export type RenderOptions = {
  /** The api function's base URL: `${apiBase}/api/posts`. */
  apiBase: string;
};

/** A page that keeps asking for more after this many renders is sent as it stands; the SPA fetches the rest. */
const maxRenders = 4;

export { landingRouteAt };

/** Renders to a string once every lazy part (the route, the markdown renderer) has loaded. */
async function renderOnce(app: React.ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(app, {
    onError: (error) => void errors.push(error),
    // Every boundary in place: React would move a large one (a long post) out to the end behind an inline
    // script to swap it in, which the CSP does not allow and a reader without JavaScript would never see.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (errors.length) throw errors[0];
  return html;
}

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
};

/** Queries the last render asked for that have no answer yet. */
const waitingQueries = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === "pending" && query.state.fetchStatus === "idle" && isEnabled(query) });

/**
 * The first screen of the public page at `url` as a visitor sees it, or null
 * when there is none to give (not a landing page, a missing post, an NSFW
 * post, an API error): the host then sends the plain SPA, which shows such
 * pages itself.
 */
export async function renderFirstScreen(url: URL, { apiBase }: RenderOptions): Promise<FirstScreen | null> {
  const landing = landingRouteAt(url.pathname);
  if (!landing) return null;
  setServerApiBase(apiBase);

  const handler = createStaticHandler(routeObjects);
  // Runs no loader (the routes have none): it loads the matched lazy routes.
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const app = (
    <StrictMode>
      <ServerOriginContext value={url.origin}>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </ServerOriginContext>
    </StrictMode>
  );

  let html = await renderOnce(app);
  for (let render = 1; render < maxRenders; render++) {
    const waiting = waitingQueries(queryClient);
    if (!waiting.length) break;
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === "error" }).length) return null;
    html = await renderOnce(app);
  }
  // A post marked NSFW is shown only once the reader chooses to: its words stay out of HTML that crawlers read and CDNs keep.
  const sensitive = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.postDetails })
    .some((query) => (query.state.data as { post?: { is_nsfw?: boolean } } | undefined)?.post?.is_nsfw === true);
  if (sensitive) {
    queryClient.clear();
    return null;
  }
  const stylesheets = (landingChunks[landing.route]?.styles ?? []).map((file) => `/${file}`);
  const state = dehydrate(queryClient);
  // The answers live on in the page only: no cache and no timer outlives the request.
  queryClient.clear();
  return { route: landing.route, html, state, stylesheets };
}
