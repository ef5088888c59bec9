/**
 * index.html's early requests: the landing page's own chunks (in the build)
 * and a visitor's first data requests start beside the app's JavaScript
 * download, and the fetchers take the answers from window.__prefetch
 * (src/lib/prefetch.ts), by address. The addresses come from the fetchers'
 * own builders, so each is exactly what the page asks for. A page the host
 * rendered goes without it (web/host/first-screen.ts). Bundled into an
 * inline script at build time (web/vite/first-requests.ts): keep its imports
 * light.
 */
import { landingRouteAt, type LandingRoute } from "@/app/landing-routes";
import {
  allPostsFirstUrls,
  authorPageUrl,
  homePostsUrl,
  postUrl,
  timelineMonthsUrl,
  timelineUrl,
} from "@/features/posts/api/request-urls";
import { filtersFromParams } from "@/features/posts/utils/filters";
import { monthFromHash, typeFromParams } from "@/features/posts/utils/timeline-scope";
import { tagsUrl } from "@/features/tags/api/request-urls";
import { imageSources } from "@/lib/image-sources";
import type { EarlyAnswer, EarlyAnswers } from "@/lib/prefetch";
import { browserTimeZone, warmUpDateFormats } from "@/lib/time-zone";
import type { PostDetail } from "@/types/api";

type Place = Pick<Location, "pathname" | "search" | "hash">;

export type { LandingRoute };

/** What each page that people land on asks for first, by its path (in the browser's time zone, which the page asks in once it runs). */
const firstRequests: Record<LandingRoute, (match: RegExpExecArray, place: Place) => string[]> = {
  home: () => [homePostsUrl(browserTimeZone())],
  post: (match) => [postUrl(match[1])],
  allPosts: (_, place) => allPostsFirstUrls(filtersFromParams(new URLSearchParams(place.search)), browserTimeZone()),
  timeline: (_, place) => {
    const type = typeFromParams(new URLSearchParams(place.search));
    const timeZone = browserTimeZone();
    return [timelineUrl({ type, from: monthFromHash(place.hash) }, {}, timeZone), timelineMonthsUrl(type, timeZone)];
  },
  author: (match) => [authorPageUrl(match[1])],
  tags: () => [tagsUrl],
};

/** The landing page at `place` and the addresses it asks for first; null for a page not listed. */
function landingPage(place: Place): { route: LandingRoute; urls: () => string[] } | null {
  const landing = landingRouteAt(place.pathname);
  return landing && { route: landing.route, urls: () => firstRequests[landing.route](landing.match, place) };
}

/** The addresses the page at `place` asks for first; none for a page not listed. */
export const earlyRequestUrls = (place: Place): string[] => landingPage(place)?.urls() ?? [];

/** A stored Supabase session: a signed-in user's answers carry their votes, so their page asks itself. */
const hasStoredSession = () => Object.keys(localStorage).some((key) => /^sb-.*-auth-token$/.test(key));

/** The answer's status and JSON body, so an error (a missing post's 404) is not asked for again; null when there is none to use. */
function earlyAnswer(url: string): Promise<EarlyAnswer> {
  return fetch(url)
    .then((response) =>
      response.json().then(
        (body: unknown) => ({ status: response.status, statusText: response.statusText, body }),
        () => (response.ok ? null : { status: response.status, statusText: response.statusText, body: null }),
      ),
    )
    .catch(() => null);
}

/**
 * Preloads a post's first image as soon as the post is known, with the
 * sources the page's <img> offers (imageSources), so the browser fetches that
 * very file once, never the original beside it.
 */
function preloadFirstImage(answer: EarlyAnswer, transforms: boolean) {
  const post = answer?.status === 200 ? (answer.body as Partial<PostDetail> | null)?.post : undefined;
  if (!post || post.is_nsfw) return;
  const image = (post.media ?? []).find((item) => item.media_type === "image");
  if (!image) return;
  const { src, srcSet, sizes } = imageSources(image.url, image.width, "detail", transforms);
  const link = document.createElement("link");
  link.rel = "preload";
  // As attributes: older browsers (and jsdom) reflect no property for these.
  link.setAttribute("as", "image");
  link.setAttribute("fetchpriority", "high");
  link.href = src;
  if (srcSet && sizes) {
    link.setAttribute("imagesrcset", srcSet);
    link.setAttribute("imagesizes", sizes);
  }
  document.head.appendChild(link);
}

/** A landing page's own files in the build: the router loads them lazily, one level at a time, unless named here at once. */
export type RouteChunks = { scripts: string[]; styles: string[] };

export type EarlyRequestOptions = {
  /** Whether our images are offered as Storage renditions (VITE_IMAGE_TRANSFORMS). */
  imageTransforms: boolean;
  /** Each landing page's chunks (none in development, where Vite serves modules as they are asked for). */
  routeChunks?: Partial<Record<LandingRoute, RouteChunks>>;
};

/** Preloads a landing page's chunks for everyone, signed in or not: the browser fetches each file once, when the router asks. */
function preloadRouteChunks(chunks: RouteChunks | undefined) {
  const link = (rel: string, file: string, as?: string) => {
    const element = document.createElement("link");
    element.rel = rel;
    if (as) element.setAttribute("as", as);
    element.crossOrigin = "";
    element.href = `/${file}`;
    document.head.appendChild(element);
  };
  chunks?.scripts.forEach((file) => link("modulepreload", file));
  chunks?.styles.forEach((file) => link("preload", file, "style"));
}

/** A visitor's first data requests of the landing page (a post's first image as soon as the post is known). */
function startDataRequests(landing: { route: LandingRoute; urls: () => string[] }, imageTransforms: boolean) {
  const urls = landing.urls();
  if (!urls.length) return;
  const answers: EarlyAnswers = {};
  for (const url of urls) answers[url] = earlyAnswer(url);
  window.__prefetch = answers;
  if (landing.route === "post") void answers[urls[0]].then((answer) => preloadFirstImage(answer, imageTransforms));
}

/** Runs in index.html: starts the page's first requests; any failure just leaves the page to fetch its data and chunks itself. */
export function startEarlyRequests({ imageTransforms, routeChunks = {} }: EarlyRequestOptions): void {
  warmUpDateFormats();
  const landing = landingPage(location);
  if (!landing) return;
  try {
    // localStorage may refuse to be read (storage blocked): the chunks are preloaded all the same.
    if (!hasStoredSession()) startDataRequests(landing, imageTransforms);
  } catch {
    // Without the early requests the page simply fetches its data itself.
  }
  preloadRouteChunks(routeChunks[landing.route]);
}
