// Netlify Edge Function: the first screen and share cards on the SPA's pages
// (see ../pages.ts). Netlify finds it through netlify.toml's
// `[build] edge_functions = "web/host/netlify"` (docs/deploy.md), and bundles
// the first screen's server build (web/dist-server, written by `npm run build
// -w web`). The paths are those of hasShareCard and the landing pages; a unit
// test keeps them so.
import { apiBaseFor, servePage } from "../pages.ts";
import { serverEntry } from "../server-entry.ts";

type NetlifyContext = { next: () => Promise<Response> };
declare const Netlify: { env: { get(name: string): string | undefined } };

export default (request: Request, context: NetlifyContext) =>
  servePage(request, () => context.next(), {
    // Unset: the card is asked for at this site's /api, which the host rewrites to the function.
    cardEndpoint: Netlify.env.get("SHARE_CARD_ENDPOINT") || undefined,
    // Opt-in (FIRST_SCREEN=on): it paints sooner than the SPA alone but hydrates after that paint; docs/deploy.md.
    render:
      Netlify.env.get("FIRST_SCREEN") === "on"
        ? (url) => serverEntry.renderFirstScreen(url, { apiBase: apiBaseFor(request, Netlify.env.get("API_BASE")) })
        : undefined,
  });

export const config = {
  path: ["/", "/timeline", "/posts/all", "/tags", "/contact", "/terms-of-service", "/privacy-policy", "/data", "/posts/*", "/authors/*"],
  method: ["GET"],
  // A crash here serves the plain page rather than an error page.
  onError: "bypass",
};
