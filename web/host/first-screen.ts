/**
 * The first screen in the HTML, as Web-standard middleware for a static host
 * (Netlify's and Cloudflare's edge, and `vite preview`): for a public page
 * people land on (a post, Home, All posts, the timeline, an author, the
 * tags), the SPA's index.html comes back with that page rendered into #root
 * by the server build (src/entry-server.tsx) and the answers it was rendered
 * from, which the SPA hydrates instead of rendering from nothing. Readers and
 * crawlers without JavaScript see the page.
 *
 * Every visitor gets the same HTML (a session lives in the browser's storage,
 * never in a cookie the host could read), so it is cached as the API's
 * answers for visitors are. Whatever goes wrong (a slow or failing API, a
 * missing post, a crash), the page is the plain index.html: the SPA then
 * renders it as it always did.
 */
import type { FirstScreen } from "../src/entry-server.tsx";
import { scriptSafeJson } from "../src/lib/script-safe-json.ts";

export type RenderFirstScreen = (url: URL) => Promise<FirstScreen | null>;

export type FirstScreenOptions = {
  render: RenderFirstScreen;
  /** How long the render may take before the plain page is sent. */
  timeoutMs?: number;
};

export const defaultFirstScreenTimeoutMs = 2000;

/** What a CDN may keep of a visitor's page: the API's rule for visitors' answers (supabase/functions/api/middleware/cache-control.ts). */
export const firstScreenCacheHeaders = {
  "cache-control": "public, max-age=0, s-maxage=30",
  "cdn-cache-control": "public, max-age=30, stale-while-revalidate=300",
};

/** The id of the JSON the SPA hydrates its cache from (src/app/first-screen.ts). */
const dataId = "first-screen-data";

/** Marks index.html's early requests (web/vite/first-requests.ts). */
export const earlyRequestsAttribute = "data-early-requests";

/**
 * What a rendered page goes without: the early requests (their answers are in
 * the page) and the preloads of the app's chunks. Its code is asked for at
 * low priority and only once the page has loaded and painted (src/main.tsx),
 * so the reader's phone spends its first second on the page rather than on
 * code that only makes it interactive.
 */
const forTheSpaOnly = [
  new RegExp(`<script ${earlyRequestsAttribute}>[\\s\\S]*?</script>\\s*`),
  /<link rel="modulepreload"[^>]*>\s*/g,
  /<link rel="preload" as="style"[^>]*>\s*/g,
];

const attributeSafe = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** index.html with the rendered screen in #root, its data after it and its stylesheets in <head>; the page as it was when it has no #root. */
export function spliceFirstScreen(spaPage: string, screen: FirstScreen): string {
  const root = /<div id="root"><\/div>/;
  if (!root.test(spaPage)) return spaPage;
  const links = screen.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attributeSafe(href)}">`).join("");
  // Replacer functions: a replacement string would read `$&` and the like in the page's text as patterns.
  const page = forTheSpaOnly.reduce((html, pattern) => html.replace(pattern, ""), spaPage);
  return page
    .replace(/<script type="module"/, '<script type="module" fetchpriority="low"')
    .replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes} data-first-screen>`)
    .replace("</head>", () => `${links}</head>`)
    .replace(
      root,
      () => `<div id="root">${screen.html}</div><script type="application/json" id="${dataId}">${scriptSafeJson(screen.state)}</script>`,
    );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * `next` gives the page as the host would send it (index.html for the SPA's
 * paths); a GET of a landing page gets its first screen written in.
 */
export async function withFirstScreen(request: Request, next: () => Promise<Response>, options: FirstScreenOptions): Promise<Response> {
  if (request.method !== "GET") return next();
  const url = new URL(request.url);
  const rendering = withTimeout(
    options.render(url).catch((error: unknown) => {
      console.error("first screen: rendering failed", error);
      return null;
    }),
    options.timeoutMs ?? defaultFirstScreenTimeoutMs,
  );
  const page = await next();
  const screen = await rendering;
  if (!screen || !page.ok || !page.headers.get("content-type")?.includes("text/html")) return page;

  const headers = new Headers(page.headers);
  // The body is new: the host's length, validator and encoding were for the old one.
  for (const name of ["content-length", "etag", "last-modified", "content-encoding"]) headers.delete(name);
  for (const [name, value] of Object.entries(firstScreenCacheHeaders)) headers.set(name, value);
  const html = spliceFirstScreen(await page.text(), screen);
  return new Response(html, { status: page.status, headers });
}
