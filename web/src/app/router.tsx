import { useMemo } from "react";
import { createBrowserRouter, RouterProvider, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { routes } from "@/config/paths";
import { AppLayout } from "./layout/app-layout";
import { RouteError } from "./layout/route-error";
import HomeRoute from "./routes/home";
import NotFoundRoute from "./routes/not-found";

/** A route's module: its screen, and what must load before a server-rendered page of it is hydrated. */
type RouteModule = { default: React.ComponentType; beforeHydrate?: () => Promise<unknown> };

export type RouteHandle = { beforeHydrate?: () => Promise<unknown> };

/**
 * Every screen is its own chunk, except Home: it is the page most visits start
 * on, and loading it with the shell saves a round trip before its first paint.
 */
const lazyRoute = (load: () => Promise<RouteModule>): RouteObject["lazy"] => async () => {
  const module = await load();
  return { Component: module.default, handle: { beforeHydrate: module.beforeHydrate } satisfies RouteHandle };
};

export const routeObjects: RouteObject[] = [
  {
    path: "/",
    Component: AppLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        // Screen errors render inside the layout, keeping the header usable.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomeRoute },
          { path: routes.timeline, lazy: lazyRoute(() => import("./routes/timeline")) },
          { path: routes.allPosts, lazy: lazyRoute(() => import("./routes/all-posts")) },
          { path: routes.tags, lazy: lazyRoute(() => import("./routes/tags")) },
          { path: routes.author, lazy: lazyRoute(() => import("./routes/author")) },
          { path: routes.post, lazy: lazyRoute(() => import("./routes/post")) },
          { path: routes.postHistory, lazy: lazyRoute(() => import("./routes/post-history")) },
          { path: routes.createPost, lazy: lazyRoute(() => import("./routes/create-post")) },
          { path: routes.suggest, lazy: lazyRoute(() => import("./routes/suggest")) },
          { path: routes.suggestion, lazy: lazyRoute(() => import("./routes/suggest")) },
          { path: routes.contact, lazy: lazyRoute(() => import("./routes/contact")) },
          { path: routes.termsOfService, lazy: lazyRoute(() => import("./routes/terms-of-service")) },
          { path: routes.privacyPolicy, lazy: lazyRoute(() => import("./routes/privacy-policy")) },
          { path: routes.data, lazy: lazyRoute(() => import("./routes/data")) },
          { path: routes.dataApi, lazy: lazyRoute(() => import("./routes/data-api")) },
          { path: routes.signIn, lazy: lazyRoute(() => import("./routes/sign-in")) },
          { path: routes.signUp, lazy: lazyRoute(() => import("./routes/sign-up")) },
          { path: routes.forgotPassword, lazy: lazyRoute(() => import("./routes/forgot-password")) },
          { path: routes.resetPassword, lazy: lazyRoute(() => import("./routes/reset-password")) },
          { path: routes.account, lazy: lazyRoute(() => import("./routes/account")) },
          { path: routes.me, lazy: lazyRoute(() => import("./routes/me")) },
          { path: routes.notifications, lazy: lazyRoute(() => import("./routes/notifications")) },
          { path: routes.unsubscribe, lazy: lazyRoute(() => import("./routes/unsubscribe")) },
          { path: routes.adminReview, lazy: lazyRoute(() => import("./routes/admin/review")) },
          { path: routes.adminSuggestions, lazy: lazyRoute(() => import("./routes/admin/suggestions")) },
          { path: routes.adminModerationLog, lazy: lazyRoute(() => import("./routes/admin/moderation-log")) },
          { path: routes.adminLinkHealth, lazy: lazyRoute(() => import("./routes/admin/link-health")) },
          { path: routes.adminPeople, lazy: lazyRoute(() => import("./routes/admin/people")) },
          { path: routes.welcomeInvite, lazy: lazyRoute(() => import("./routes/welcome-invite")) },
          { path: "*", Component: NotFoundRoute },
        ],
      },
    ],
  },
];

/**
 * react-router keys every history entry it pushes, but reads the entry a page
 * was loaded into as key "default" (createBrowserHistory in react-router's
 * lib/router/history.ts takes `history.state.key`), so every page loaded fresh
 * would share one saved scroll position. Giving that entry a key of its own
 * opens a new URL at the top, while a reload or Back keeps the entry's key and
 * its position.
 */
function keyTheLoadedEntry() {
  const state = window.history.state as { key?: string } | null;
  if (!state?.key) window.history.replaceState({ usr: null, ...state, key: Math.random().toString(36).slice(2, 10) }, "");
}

export function AppRouter() {
  const router = useMemo(() => {
    keyTheLoadedEntry();
    return createBrowserRouter(routeObjects);
  }, []);
  return <RouterProvider router={router} />;
}
