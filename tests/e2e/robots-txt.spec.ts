import { expect, test } from "../support/playwright.ts";

// /robots.txt is a text file of its own (not the app's page): it allows every
// page and names the sitemap by its absolute URL on this site.

test("/robots.txt is plain text that allows every page and names the sitemap's absolute URL", async ({ request, baseURL }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain\b/);
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  const sitemapUrl = new URL("/api/sitemap.xml", baseURL).href;
  expect(text).toMatch(new RegExp(`^Sitemap: ${sitemapUrl.replace(/[.?]/g, "\\$&")}$`, "m"));

  const sitemap = await request.get(sitemapUrl);
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toMatch(/xml/);
});
