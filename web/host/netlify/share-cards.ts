// Netlify Edge Function: share cards on the SPA's pages (see ../share-cards.ts).
// Netlify finds it through netlify.toml's `[build] edge_functions = "web/host/netlify"`
// (docs/deploy.md). The paths are those of hasShareCard; a unit test keeps them so.
import { withShareCard } from "../share-cards.ts";

type NetlifyContext = { next: () => Promise<Response> };
declare const Netlify: { env: { get(name: string): string | undefined } };

export default (request: Request, context: NetlifyContext) =>
  // Unset: the card is asked for at this site's /api, which the host rewrites to the function.
  withShareCard(request, () => context.next(), { cardEndpoint: Netlify.env.get("SHARE_CARD_ENDPOINT") || undefined });

export const config = {
  path: ["/", "/timeline", "/posts/all", "/tags", "/contact", "/terms-of-service", "/privacy-policy", "/data", "/posts/*"],
  method: ["GET"],
  // A crash here serves the page without its card rather than an error page.
  onError: "bypass",
};
