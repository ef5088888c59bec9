import { beforeAll, describe, expect, it } from "vitest";
import { testEnv } from "../support/env.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";
import { parseXml, textOf } from "../support/xml.ts";

// The sitemap's paging past 50,000 URLs is tested without a database in
// supabase/functions/api/xml/sitemap_test.ts (npm run test:functions).
const site = new URL(testEnv.siteUrl).origin;
const ids = { published: 0, pending: 0, rejected: 0 };

beforeAll(async () => {
  const author = await createMember({ lastName: "sitemap" });
  ids.published = await createPost(author, { title: "In the sitemap" });
  ids.pending = await createPost(author, { title: "Not yet in the sitemap", status: "pending" });
  ids.rejected = await createPost(author, { title: "Never in the sitemap", status: "rejected" });
});

async function sitemap(query = "") {
  const res = await api<string>("GET", `/api/sitemap.xml${query}`);
  expect(res.status, String(res.body)).toBe(200);
  return { res, xml: parseXml(res.body) };
}

describe("GET /api/sitemap.xml", () => {
  it("is a sitemap (sitemaps.org 0.9) of the fixed pages and every published post, with absolute URLs; cacheable", async () => {
    const { res, xml } = await sitemap();
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(xml.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls: Record<string, unknown>[] = xml.urlset.url;
    const locations = urls.map((url) => textOf(url.loc));
    expect(locations.length).toBeLessThanOrEqual(50_000);
    expect(new Set(locations).size).toBe(locations.length);
    for (const location of locations) expect(new URL(location).origin).toBe(site);
    for (const path of ["/", "/timeline", "/posts/all", "/tags", "/contact", "/terms-of-service", "/privacy-policy"]) {
      expect(locations).toContain(`${site}${path}`);
    }
    expect(locations).toContain(`${site}/posts/${ids.published}`);
    expect(locations).not.toContain(`${site}/posts/${ids.pending}`);
    expect(locations).not.toContain(`${site}/posts/${ids.rejected}`);
    const post = urls.find((url) => textOf(url.loc) === `${site}/posts/${ids.published}`)!;
    expect(textOf(post.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it("lists every published post a visitor can read", async () => {
    const all: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { posts: { id: number }[]; nextCursor: string | null } } =
        await api("GET", `/api/posts/all?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      all.push(...page.body.posts.map((post) => post.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    // Other test files add posts meanwhile: every post the list had is in the sitemap read after it.
    const { xml: after } = await sitemap();
    const listed = new Set((after.urlset.url as Record<string, unknown>[]).map((url) => textOf(url.loc)));
    expect(all.length).toBeGreaterThan(0);
    for (const id of all) expect(listed.has(`${site}/posts/${id}`), `post ${id}`).toBe(true);
  });

  it("has one page while the site fits on it; pages past the last are not found, and page must be a number", async () => {
    const { xml } = await sitemap("?page=1");
    expect(xml.urlset.url.length).toBeGreaterThan(0);
    const beyond = await api("GET", "/api/sitemap.xml?page=2");
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ error: "Not found.", detail: "Not found." });
    for (const page of ["0", "x", "1.5"]) {
      const res = await api("GET", `/api/sitemap.xml?page=${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body, page).toEqual({ error: "page must be a whole number from 1.", detail: "page must be a whole number from 1." });
    }
  });
});
