import { createContext, useContext } from "react";

/** The origin a server renders for (its request's); in the browser, the page's own. */
export const ServerOriginContext = createContext<string | null>(null);

/** The site's origin, for absolute addresses in the page (structured data). */
export function useSiteOrigin(): string {
  return useContext(ServerOriginContext) ?? window.location.origin;
}
