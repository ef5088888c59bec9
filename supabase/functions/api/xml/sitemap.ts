import { xmlText } from "./escape.ts";

/**
 * The sitemap protocol's limit: a sitemap lists at most 50,000 URLs (and
 * 50 MB); past that, the sitemap at the well-known address is an index of
 * sitemaps (sitemaps.org/protocol.html, "Using Sitemap index files").
 */
export const maxUrlsPerSitemap = 50_000;

/**
 * The site's URLs are one sequence, the fixed pages first and then the
 * published posts by id; sitemap page N (from 1) holds positions
 * [(N-1)·max, N·max). `fixed` and `posts` say which part of each the page takes.
 */
export interface SitemapPage {
  fixed: { start: number; end: number };
  posts: { offset: number; limit: number };
}

/** How many sitemaps `totalUrls` need: one at least, even when there is nothing to list. */
export function sitemapCount(totalUrls: number, maxUrls = maxUrlsPerSitemap): number {
  return Math.max(1, Math.ceil(totalUrls / maxUrls));
}

export function sitemapPage(page: number, fixedCount: number, maxUrls = maxUrlsPerSitemap): SitemapPage {
  const start = (page - 1) * maxUrls;
  const end = start + maxUrls;
  const fixed = { start: Math.min(start, fixedCount), end: Math.min(end, fixedCount) };
  const postsStart = Math.max(start, fixedCount) - fixedCount;
  return { fixed, posts: { offset: postsStart, limit: Math.max(0, end - fixedCount - postsStart) } };
}

export const urlsetStart =
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
export const urlsetEnd = `</urlset>\n`;

/** One `<url>`; `lastModified` is a W3C datetime (toISOString). */
export function urlEntry(location: string, lastModified?: string): string {
  const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : "";
  return `  <url><loc>${xmlText(location)}</loc>${lastmod}</url>\n`;
}

/** The index listing every sitemap page: a few lines even for millions of posts, so built whole. */
export function sitemapIndex(pageUrls: string[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`,
    ...pageUrls.map((url) => `  <sitemap><loc>${xmlText(url)}</loc></sitemap>\n`),
    `</sitemapindex>\n`,
  ].join("");
}
