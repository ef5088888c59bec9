import assert from "node:assert/strict";
import { sitemapCount, sitemapIndex, sitemapPage, urlEntry } from "./sitemap.ts";

Deno.test("one sitemap up to the limit, then as many as the URLs need", () => {
  assert.equal(sitemapCount(0, 10), 1);
  assert.equal(sitemapCount(10, 10), 1);
  assert.equal(sitemapCount(11, 10), 2);
  assert.equal(sitemapCount(50_001), 2);
});

Deno.test("pages cut the fixed pages and then the posts into runs of the limit, without gaps or overlaps", () => {
  // 3 fixed pages and 20 posts, 10 URLs a sitemap: 10 + 10 + 3.
  assert.deepEqual(sitemapPage(1, 3, 10), { fixed: { start: 0, end: 3 }, posts: { offset: 0, limit: 7 } });
  assert.deepEqual(sitemapPage(2, 3, 10), { fixed: { start: 3, end: 3 }, posts: { offset: 7, limit: 10 } });
  assert.deepEqual(sitemapPage(3, 3, 10), { fixed: { start: 3, end: 3 }, posts: { offset: 17, limit: 10 } });
  // More fixed pages than fit on one sitemap.
  assert.deepEqual(sitemapPage(1, 12, 10), { fixed: { start: 0, end: 10 }, posts: { offset: 0, limit: 0 } });
  assert.deepEqual(sitemapPage(2, 12, 10), { fixed: { start: 10, end: 12 }, posts: { offset: 0, limit: 8 } });
});

Deno.test("entries and the index are escaped XML", () => {
  assert.equal(urlEntry("https://a.test/?x=1&y=2", "2026-01-02T03:04:05.000Z"),
    "  <url><loc>https://a.test/?x=1&amp;y=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>\n");
  assert.match(sitemapIndex(["https://a.test/api/sitemap.xml?page=1"]), /<sitemap><loc>https:\/\/a\.test\/api\/sitemap\.xml\?page=1<\/loc><\/sitemap>/);
});
