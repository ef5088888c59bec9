// Cloudflare Pages Functions middleware: the first screen and share cards on
// the SPA's pages (see ../pages.ts). Pages runs `functions/_middleware.ts` of
// the project it deploys: re-export this file there (docs/deploy.md).
// Environment variables of the Pages project: SHARE_CARD_ENDPOINT, the
// function's https://<ref>.supabase.co/functions/v1/api/share-card, and
// API_BASE, https://<ref>.supabase.co/functions/v1; unset, this site's /api.
import { apiBaseFor, servePage } from "../pages.ts";
import { serverEntry } from "../server-entry.ts";

type PagesContext = {
  request: Request;
  env: { SHARE_CARD_ENDPOINT?: string; API_BASE?: string; FIRST_SCREEN?: string };
  next: () => Promise<Response>;
};

export const onRequest = (context: PagesContext) =>
  servePage(context.request, () => context.next(), {
    cardEndpoint: context.env.SHARE_CARD_ENDPOINT || undefined,
    // Opt-in (FIRST_SCREEN=on): it paints sooner than the SPA alone but hydrates after that paint; docs/deploy.md.
    render:
      context.env.FIRST_SCREEN === "on"
        ? (url) => serverEntry.renderFirstScreen(url, { apiBase: apiBaseFor(context.request, context.env.API_BASE) })
        : undefined,
  });
