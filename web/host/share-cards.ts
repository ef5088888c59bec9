import { postPagePattern, publicPageAt } from "../../supabase/functions/_shared/public-pages.ts";
import { isShareCard, type ShareCard, spliceShareCard } from "./share-card-html.ts";

/**
 * Share cards for a static host, as Web-standard middleware: for a page
 * that has a card (a post, the fixed pages), the SPA's index.html comes back
 * with that page's title, description, canonical URL and image, which chat
 * apps and social sites read without running JavaScript. The card is the api
 * function's JSON (GET /api/share-card?path=…); the function does not serve
 * the page itself, as hosted Supabase turns text/html from *.supabase.co into
 * text/plain. Whatever goes wrong (a slow or failing lookup, an unknown post),
 * the page is the plain index.html: a card is never worth a broken page.
 */
export interface ShareCardOptions {
  /** The card endpoint; relative ones are resolved against the request (same origin, through the host's /api rewrite). */
  cardEndpoint?: string;
  /** How long the lookup may take before the plain page is sent. */
  timeoutMs?: number;
}

export const defaultCardEndpoint = "/api/share-card";
export const defaultTimeoutMs = 1500;

/** Whether `pathname` is a page that has a share card: a post or one of the fixed pages. */
export function hasShareCard(pathname: string): boolean {
  return postPagePattern.test(pathname) || publicPageAt(pathname) !== undefined;
}

/** The card of `pathname`, or null when there is none or it did not come in time. */
export async function fetchShareCard(pathname: string, requestUrl: string, options: ShareCardOptions = {}): Promise<ShareCard | null> {
  const endpoint = new URL(options.cardEndpoint ?? defaultCardEndpoint, requestUrl);
  endpoint.searchParams.set("path", pathname);
  try {
    const response = await fetch(endpoint, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const card: unknown = await response.json();
    return isShareCard(card) ? card : null;
  } catch {
    return null;
  }
}

/**
 * `next` gives the page as the host would send it (index.html for the SPA's
 * paths); a GET of a page with a card gets that page with its card written in.
 */
export async function withShareCard(
  request: Request,
  next: () => Promise<Response>,
  options: ShareCardOptions = {},
): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== "GET" || !hasShareCard(pathname)) return next();

  // The lookup runs while the host fetches the page.
  const cardLookup = fetchShareCard(pathname, request.url, options);
  const page = await next();
  if (!page.ok || !page.headers.get("content-type")?.includes("text/html")) return page;
  const card = await cardLookup;
  if (!card) return page;

  const headers = new Headers(page.headers);
  // The body is new: the host's length, validator and encoding were for the old one.
  for (const name of ["content-length", "etag", "last-modified", "content-encoding"]) headers.delete(name);
  return new Response(spliceShareCard(await page.text(), card), { status: page.status, headers });
}
