import type { Plugin } from "vite";

export type EarlyDataRequestOptions = {
  /** RegExp sources (from src/config/paths.ts) of the pages whose data is requested early. */
  home: string;
  post: string;
};

/**
 * The inline script: a visitor's first data request starts beside the
 * JavaScript download (src/lib/prefetch.ts hands the answer over: its
 * status and body, so a missing post is not asked for again). For a post,
 * its first image is preloaded as soon as the post is known. Skipped when a
 * session is stored: a signed-in user's answers carry their votes. Plain ES5,
 * as it runs before any bundle.
 */
export function earlyDataRequestScript({ home, post }: EarlyDataRequestOptions): string {
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
      if (!post || post.is_nsfw || !post.image_url) return;
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "image";
      link.fetchPriority = "high";
      link.href = "/images/" + post.image_url;
      document.head.appendChild(link);
    });
  } catch (error) {
    // Without the early request the page simply fetches its data itself.
  }
})();`;
}

/** Adds the early data request to index.html, in development and in the build (where the CSP hashes it, see security-headers.ts). */
export function earlyDataRequest(options: EarlyDataRequestOptions): Plugin {
  return {
    name: "early-data-request",
    transformIndexHtml: () => [{ tag: "script", children: earlyDataRequestScript(options), injectTo: "head" }],
  };
}
