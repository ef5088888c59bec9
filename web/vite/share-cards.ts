import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { withFirstScreen } from "../host/first-screen.ts";
import { hasShareCard, withShareCard } from "../host/share-cards.ts";
import { loadServerEntry, type ServerEntry } from "./first-screen.ts";

export type ShareCardsOptions = {
  /** The api function's base URL (what /api is proxied to): the card is asked for at `${api}/api/share-card`. */
  api: string;
};

const htmlHeaders = { "content-type": "text/html; charset=utf-8" };

const requestOf = (request: IncomingMessage) =>
  new Request(new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`), { method: request.method });

/**
 * The page compressed as a static host sends HTML (Cloudflare and Netlify
 * answer brotli or gzip by the request's Accept-Encoding). Vite's own
 * compression comes after this middleware, so the preview would otherwise
 * send the page uncompressed, which no host does.
 */
export function encoded(body: Buffer, acceptEncoding: string | undefined): { body: Buffer; encoding?: string } {
  if (/\bbr\b/.test(acceptEncoding ?? "")) return { body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" };
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { body: gzipSync(body), encoding: "gzip" };
  return { body };
}

async function send(request: IncomingMessage, response: ServerResponse, answer: Response) {
  // Headers set before (the preview's security headers) stay; the answer's are added.
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  const { body, encoding } = encoded(Buffer.from(await answer.arrayBuffer()), request.headers["accept-encoding"]);
  response.setHeader("vary", "accept-encoding");
  if (encoding) {
    response.setHeader("content-encoding", encoding);
    response.removeHeader("content-length");
  }
  response.statusCode = answer.status;
  response.end(body);
}

/**
 * Share cards in development and `vite preview` (which the end-to-end tests
 * and Lighthouse use), through the same middleware as the production host
 * (web/host/share-cards.ts): a page with a card gets index.html with that
 * page's title, description, canonical URL and image. In preview the landing
 * pages also get their first screen (web/host/first-screen.ts) from the
 * build's server entry, as on a host with FIRST_SCREEN=on; FIRST_SCREEN=off
 * serves the plain SPA, as a host without it does (for comparing the two).
 */
export function shareCards({ api }: ShareCardsOptions): Plugin {
  const cardEndpoint = `${api.replace(/\/$/, "")}/api/share-card`;
  let outDir = "dist";
  return {
    name: "share-cards",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Development: the card goes into the page Vite has just built, after every other plugin's changes.
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        if (!context.server || !context.originalUrl) return html;
        const request = new Request(new URL(context.originalUrl, "http://dev"));
        const page = await withShareCard(request, async () => new Response(html, { headers: htmlHeaders }), { cardEndpoint });
        return page.text();
      },
    },
    // Preview: the built index.html, as the static host would send it. Registered after
    // security-headers in vite.config.ts, so the CSP is already set on the response.
    async configurePreviewServer(server) {
      const indexFile = path.join(outDir, "index.html");
      const entry: ServerEntry | null = process.env.FIRST_SCREEN === "off" ? null : await loadServerEntry(outDir);
      const render = (url: URL) => entry!.renderFirstScreen(url, { apiBase: api });
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? "/", "http://preview").pathname;
        const firstScreen = entry !== null && entry.landingRouteAt(pathname) !== null;
        if (request.method !== "GET" || !(hasShareCard(pathname) || firstScreen) || !fs.existsSync(indexFile)) return next();
        const indexPage = async () => new Response(fs.readFileSync(indexFile), { headers: htmlHeaders });
        const page = firstScreen ? () => withFirstScreen(requestOf(request), indexPage, { render }) : indexPage;
        withShareCard(requestOf(request), page, { cardEndpoint }).then((answer) => send(request, response, answer), next);
      });
    },
  };
}
