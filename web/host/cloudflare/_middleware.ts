// Cloudflare Pages Functions middleware: share cards on the SPA's pages (see
// ../share-cards.ts). Pages runs `functions/_middleware.ts` of the project it
// deploys: re-export this file there (docs/deploy.md). SHARE_CARD_ENDPOINT
// (an environment variable of the Pages project) is the function's
// https://<ref>.supabase.co/functions/v1/api/share-card; unset, this site's /api.
import { withShareCard } from "../share-cards.ts";

type PagesContext = { request: Request; env: { SHARE_CARD_ENDPOINT?: string }; next: () => Promise<Response> };

export const onRequest = (context: PagesContext) =>
  withShareCard(context.request, () => context.next(), { cardEndpoint: context.env.SHARE_CARD_ENDPOINT || undefined });
