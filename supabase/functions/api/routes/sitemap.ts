import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { publicPages } from "../../_shared/public-pages.ts";
import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import { env } from "../env.ts";
import { fail } from "../http/errors.ts";
import { access, errors, media, newRouter } from "../http/openapi.ts";
import { textStream } from "../http/text-stream.ts";
import { publishedPostCount, publishedPostsById } from "../queries/sitemap.ts";
import { sitemapCount, sitemapIndex, sitemapPage, urlEntry, urlsetEnd, urlsetStart } from "../xml/sitemap.ts";

/**
 * GET /sitemap.xml: the fixed pages and every published post. Up to 50,000
 * URLs it is the sitemap itself; past that it is an index of
 * /sitemap.xml?page=N (sitemaps.org). Pages are streamed a batch of posts at
 * a time, each batch a short read (queries/sitemap.ts).
 */
export const sitemapRouter = newRouter();

const sitemapQuery = z.object({
  page: z.string().regex(/^[1-9][0-9]{0,5}$/, "page must be a whole number from 1.").transform(Number).optional()
    .meta({ description: "One page of a sitemap index (past 50,000 URLs).", example: "1" }),
});

// Search engines fetch a sitemap now and then; an hour old is fine.
const sitemapHeaders = {
  "content-type": "application/xml; charset=utf-8",
  "cache-control": "public, max-age=3600",
};

const sitemapUrl = (page: number) => `${env.siteUrl}/api/sitemap.xml?page=${page}`;

sitemapRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getSitemap",
    tags: ["Feeds"],
    summary: "The sitemap of the fixed pages and every published post",
    description:
      "Up to 50,000 URLs, the sitemap itself; past that, without page, a sitemap index of /api/sitemap.xml?page=N (sitemaps.org). " +
      "A page past the last is 404.",
    ...access("visitor"),
    request: { query: sitemapQuery },
    responses: { 200: media("application/xml", "A sitemap (urlset) or a sitemap index, streamed (cached for an hour)."), ...errors(400, 404) },
  }),
  async (c) => {
    const { page } = c.req.valid("query");
    // Counted first, before anything is sent: a database that is down is still a 503 in the error envelope.
    const total = publicPages.length + await asCaller(anonymous, publishedPostCount);
    const pages = sitemapCount(total);
    if (page === undefined && pages > 1) {
      return c.body(sitemapIndex(Array.from({ length: pages }, (_, index) => sitemapUrl(index + 1))), 200, sitemapHeaders);
    }
    if ((page ?? 1) > pages) fail(404, "Not found.");

    const { fixed, posts } = sitemapPage(page ?? 1, publicPages.length);
    const body = textStream(async (write) => {
      await write(urlsetStart);
      await write(publicPages.slice(fixed.start, fixed.end).map((fixedPage) => urlEntry(`${env.siteUrl}${fixedPage.path}`)).join(""));
      if (posts.limit > 0) {
        for await (const rows of publishedPostsById((work) => asCaller(anonymous, work), posts)) {
          await write(rows.map((row) => urlEntry(`${env.siteUrl}/posts/${row.id}`, row.updated_at.toISOString())).join(""));
        }
      }
      await write(urlsetEnd);
    });
    return c.body(body, 200, sitemapHeaders);
  },
);
