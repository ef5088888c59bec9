import type { Plugin } from "vite";
import { withScriptBeforeStylesheets } from "./inline-script.ts";

export type EarlyDataRequestOptions = {
  /** RegExp sources (from src/config/paths.ts) of the pages whose data is requested early. */
  home: string;
  post: string;
  /** How the post page shows its first image (src/lib/image-sources.ts), so the preload fetches that very file. */
  postImage: { transforms: boolean; widths: readonly number[]; quality: number; sizes: string };
};

/**
 * The inline script: a visitor's first data request starts beside the
 * JavaScript download (src/lib/prefetch.ts hands the answer over: its
 * status and body, so a missing post is not asked for again). For a post,
 * its first image is preloaded as soon as the post is known, with the
 * renditions and sizes the page's <img> offers (imageSources in
 * src/lib/image-sources.ts, written again here in ES5), so the browser picks
 * the same file once and never the original. Skipped when a
 * session is stored: a signed-in user's answers carry their votes. Plain ES5,
 * as it runs before any bundle.
 */
export function earlyDataRequestScript({ home, post, postImage }: EarlyDataRequestOptions): string {
  return `(function () {
  try {
    if (Object.keys(localStorage).some(function (key) { return /^sb-.*-auth-token$/.test(key); })) return;
    var path = location.pathname;
    var tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    var url = new RegExp(${JSON.stringify(home)}).test(path) ? "/api/posts" + (tz ? "?" + new URLSearchParams({ tz: tz }) : "")
      : new RegExp(${JSON.stringify(post)}).test(path) ? "/api" + path.replace(/\\/$/, "") : null;
    if (!url) return;
    var response = fetch(url).then(function (r) {
      return r.json().then(
        function (body) { return { status: r.status, statusText: r.statusText, body: body }; },
        function () { return r.ok ? null : { status: r.status, statusText: r.statusText, body: null }; });
    }).catch(function () { return null; });
    window.__prefetch = { url: url, response: response };
    response.then(function (answer) {
      var post = answer && answer.status === 200 && answer.body && answer.body.post;
      if (!post || post.is_nsfw) return;
      var image = (post.media || []).filter(function (item) { return item.media_type === "image"; })[0];
      if (!image) return;
      var link = document.createElement("link");
      // As attributes: older browsers (and jsdom) reflect no property for these.
      link.rel = "preload";
      link.setAttribute("as", "image");
      link.setAttribute("fetchpriority", "high");
      var own = new RegExp("^/images/([^?#]+)$").exec(image.url);
      var offer = ${JSON.stringify(postImage)};
      if (!offer.transforms || !own) {
        link.href = image.url;
      } else {
        var largest = offer.widths[offer.widths.length - 1];
        var top = image.width ? Math.min(image.width, largest) : largest;
        var widths = offer.widths.filter(function (width) { return width < top; }).concat([top]);
        var rendition = function (width) { return "/renditions/" + own[1] + "?width=" + width + "&quality=" + offer.quality; };
        link.href = rendition(widths.filter(function (width) { return width >= 640; })[0] || top);
        link.setAttribute("imagesrcset", widths.map(function (width) { return rendition(width) + " " + width + "w"; }).join(", "));
        link.setAttribute("imagesizes", offer.sizes);
      }
      document.head.appendChild(link);
    });
  } catch (error) {
    // Without the early request the page simply fetches its data itself.
  }
})();`;
}

/**
 * Adds the early data request to index.html, in development and in the build
 * (where the CSP hashes it, see security-headers.ts), before the stylesheets
 * so the request does not wait for them.
 */
export function earlyDataRequest(options: EarlyDataRequestOptions): Plugin {
  return {
    name: "early-data-request",
    transformIndexHtml: { order: "post", handler: (html) => withScriptBeforeStylesheets(html, earlyDataRequestScript(options)) },
  };
}
