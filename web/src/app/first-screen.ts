import type { DehydratedState } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router";
import type { RouteHandle } from "./router";

/** The element in which the host puts the answers a server-rendered page was written from (web/host/first-screen.ts). */
export const firstScreenDataId = "first-screen-data";

/** The server's answers in the page, or null when the page is the plain SPA. */
export function firstScreenState(): DehydratedState | null {
  const element = document.getElementById(firstScreenDataId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Loads the lazy routes of the page at `location` before hydrating, and what
 * each asks for then (`beforeHydrate`): the router, or a lazy part, would
 * otherwise render its fallback while they load, which is not the server's
 * HTML (react-router's "Lazy Route Modules" guide for SSR).
 */
export async function loadRoutesAt(routes: RouteObject[], location: Pick<Location, "pathname">): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === "function") Object.assign(route, await route.lazy(), { lazy: undefined });
      await (route.handle as RouteHandle | undefined)?.beforeHydrate?.();
    }),
  );
}
