import { withFirstScreen, type RenderFirstScreen } from "./first-screen.ts";
import { withShareCard } from "./share-cards.ts";

export type PageOptions = {
  /** The share-card endpoint (see share-cards.ts); unset, this site's /api. */
  cardEndpoint?: string;
  /** Renders a landing page's first screen; unset, pages are sent without one. */
  render?: RenderFirstScreen;
};

/**
 * What the host's middleware does to a page of the SPA: a landing page gets
 * its first screen (first-screen.ts), and a page with a card its share card
 * (share-cards.ts). `next` gives index.html as the host would send it.
 */
export function servePage(request: Request, next: () => Promise<Response>, { cardEndpoint, render }: PageOptions): Promise<Response> {
  const page = render ? () => withFirstScreen(request, next, { render }) : next;
  return withShareCard(request, page, { cardEndpoint });
}

/** The api function's base URL for a server render: the configured one, else this site's own origin (its /api rewrite). */
export const apiBaseFor = (request: Request, configured: string | undefined) => configured || new URL(request.url).origin;
