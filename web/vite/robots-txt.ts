import type { Plugin } from "vite";

/** Where the api function serves the sitemap, through the host's /api rewrite (docs/deploy.md). */
export const sitemapPath = "/api/sitemap.xml";

/** The site's robots.txt: every page may be crawled, and the sitemap is named by its absolute URL (the format requires one). */
export function robotsTxt(siteUrl: string | undefined): string {
  const lines = ["User-agent: *", "Allow: /"];
  if (siteUrl) lines.push("", `Sitemap: ${new URL(sitemapPath, siteUrl).href}`);
  return `${lines.join("\n")}\n`;
}

/**
 * /robots.txt from the site's public origin, SITE_URL: written into the
 * build (so every static host and `vite preview` serve it as a file, ahead
 * of the SPA's fallback to index.html), and answered by the dev server, which
 * without SITE_URL names its own origin.
 */
export function robotsTxtFile({ siteUrl }: { siteUrl: string | undefined }): Plugin {
  return {
    name: "robots-txt",
    applyToEnvironment: (environment) => environment.name === "client",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? "/", "http://dev").pathname;
        if (pathname !== "/robots.txt" || (request.method !== "GET" && request.method !== "HEAD")) return next();
        response.setHeader("Content-Type", "text/plain; charset=utf-8");
        response.end(request.method === "HEAD" ? undefined : robotsTxt(siteUrl || `http://${request.headers.host ?? "localhost"}`));
      });
    },
    generateBundle() {
      if (!siteUrl) this.warn("SITE_URL is not set: robots.txt names no sitemap (set it to the site's public origin when building for a host)");
      this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(siteUrl) });
    },
  };
}
