/**
 * The public pages people land on from shared links and search. The host
 * renders their first screen into the HTML (src/entry-server.tsx), and
 * index.html starts their first requests early (early-requests.ts). Bundled
 * into that inline script too: keep its imports light.
 */
import { routeRegExp } from "@/config/paths";

export type LandingRoute = "home" | "post" | "allPosts" | "timeline" | "author" | "tags";

export const landingRoutes: readonly LandingRoute[] = ["home", "post", "allPosts", "timeline", "author", "tags"];

/** The landing page at `pathname` with its path's match, or null for any other page. */
export function landingRouteAt(pathname: string): { route: LandingRoute; match: RegExpExecArray } | null {
  for (const route of landingRoutes) {
    const match = new RegExp(routeRegExp(route)).exec(pathname);
    if (match) return { route, match };
  }
  return null;
}
