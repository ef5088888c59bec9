import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";

// Link previews read the page's HTML without running JavaScript: what the
// site's server (SITE_URL: the dev server or the preview, with the
// share-cards plugin) answers for /posts/{id} must already carry that post's
// card. An NSFW post's words are in none of its HTML: the preview's first
// screen leaves such a post to the browser.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const site = new URL(testEnv.siteUrl).origin;
const siteDescription = "An independent, fan-operated community archive.";
const ids = { pictured: 0, nsfw: 0, pending: 0 };

beforeAll(async () => {
  const author = await createMember({ lastName: "cards" });
  ids.pictured = await createPost(author, { title: `007 Card "quoted" & <b>bold</b> ${run}`, excerpt: `Card excerpt ${run}` });
  await sql`insert into public.post_media (post_id, object_path, media_type, position)
            values (${ids.pictured}, 'alex-rivera-stage.jpg', 'image', 0)`;
  ids.nsfw = await createPost(author, { title: `Sensitive card ${run}`, excerpt: `Sensitive excerpt ${run}`, isNsfw: true });
  await sql`insert into public.post_media (post_id, object_path, media_type, position)
            values (${ids.nsfw}, 'podcast-studio.jpg', 'image', 0)`;
  ids.pending = await createPost(author, { title: `Pending card ${run}`, status: "pending" });
});

/** The page as a crawler gets it, and its head's tags. */
async function page(path: string) {
  const response = await fetch(`${site}${path}`, { headers: { accept: "text/html" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? undefined;
  const scripts = [...document.querySelectorAll("script")].map((script) => script.outerHTML);
  return {
    html,
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? undefined,
    meta,
    scripts,
  };
}

describe("share cards on the site's pages", () => {
  it("/posts/{id} carries the post's title, excerpt, canonical URL and image", async () => {
    const card = await page(`/posts/${ids.pictured}`);
    const title = `7 Card "quoted" & <b>bold</b> ${run}`;
    expect(card.meta("og:title")).toBe(title);
    expect(card.title).toBe(`${title} · The Community Archive`);
    expect(card.meta("og:description")).toBe(`Card excerpt ${run}`);
    expect(card.meta("description")).toBe(`Card excerpt ${run}`);
    expect(card.meta("og:url")).toBe(`${site}/posts/${ids.pictured}`);
    expect(card.canonical).toBe(`${site}/posts/${ids.pictured}`);
    expect(card.meta("og:type")).toBe("article");
    expect(card.meta("og:image")).toBe(`${site}/images/alex-rivera-stage.jpg`);
    expect(card.meta("twitter:card")).toBe("summary_large_image");
    expect(card.meta("twitter:title")).toBe(title);
    expect(card.meta("twitter:image")).toBe(`${site}/images/alex-rivera-stage.jpg`);
    // One of each: the generic tags were replaced, not added to.
    expect(card.html.match(/property="og:title"/g)).toHaveLength(1);
    expect(card.html.match(/<title>/g)).toHaveLength(1);
  });

  it("an NSFW post's card shows neither its image nor its excerpt", async () => {
    const card = await page(`/posts/${ids.nsfw}`);
    expect(card.meta("og:title")).toBe(`Sensitive card ${run}`);
    expect(card.meta("og:image")).toBeUndefined();
    expect(card.meta("twitter:image")).toBeUndefined();
    expect(card.meta("twitter:card")).toBe("summary");
    expect(card.meta("og:description")).toBe(siteDescription);
    expect(card.html).not.toContain(`Sensitive excerpt ${run}`);
    expect(card.html).not.toContain("podcast-studio.jpg");
  });

  it("a post visitors may not read, or that does not exist, gets the site's own card", async () => {
    for (const id of [ids.pending, 999_999_999]) {
      const card = await page(`/posts/${id}`);
      expect(card.meta("og:title"), String(id)).toBe("The Community Archive");
      expect(card.html, String(id)).not.toContain(`Pending card ${run}`);
      expect(card.canonical, String(id)).toBeUndefined();
    }
  });

  it("the fixed pages have their own cards", async () => {
    const cases: [string, string, string][] = [
      ["/", "The Community Archive", "The Community Archive"],
      ["/timeline", "Timeline", "Timeline · The Community Archive"],
      ["/posts/all", "All posts", "All posts · The Community Archive"],
    ];
    for (const [path, ogTitle, title] of cases) {
      const card = await page(path);
      expect(card.meta("og:title"), path).toBe(ogTitle);
      expect(card.title, path).toBe(title);
      expect(card.canonical, path).toBe(`${site}${path}`);
      expect(card.meta("og:type"), path).toBe("website");
    }
  });

  it("keeps every inline script that runs as it was (its CSP hash holds); the first screen leaves out the early requests, asks for the same entry, and adds only data", async () => {
    const plain = await page("/create-post");
    const carded = await page(`/posts/${ids.pictured}`);
    const isData = (script: string) => /^<script type="application\/(ld\+)?json"/.test(script);
    const sourceOf = (script: string) => /^<script[^>]*\ssrc="([^"]+)"/.exec(script)?.[1];
    const isEarlyRequests = (script: string) => /^<script data-early-requests(="")?>/.test(script);
    const inline = (scripts: string[]) => scripts.filter((script) => !isData(script) && !sourceOf(script));
    const entries = (scripts: string[]) => scripts.map(sourceOf).filter(Boolean);

    expect(plain.scripts.filter(isData)).toEqual([]);
    expect(plain.scripts.filter(isEarlyRequests)).toHaveLength(1);
    expect(inline(carded.scripts)).toEqual(inline(plain.scripts).filter((script) => !isEarlyRequests(script)));
    expect(inline(carded.scripts).length).toBeGreaterThan(0);
    expect(entries(carded.scripts)).toEqual(entries(plain.scripts));
    expect(carded.scripts.filter((script) => sourceOf(script))).toEqual([expect.stringContaining('fetchpriority="low"')]);
  });
});

describe("GET /api/share-card", () => {
  it("answers a post's card as JSON, absolute URLs", async () => {
    const res = await api("GET", `/api/share-card?path=${encodeURIComponent(`/posts/${ids.pictured}`)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: `7 Card "quoted" & <b>bold</b> ${run}`,
      description: `Card excerpt ${run}`,
      url: `${site}/posts/${ids.pictured}`,
      image: `${site}/images/alex-rivera-stage.jpg`,
      type: "article",
    });
  });

  it("says 404 for what has no card and 400 for a path that is not one", async () => {
    for (const path of [`/posts/${ids.pending}`, "/posts/999999999", "/nowhere", "/posts/1/history", "/admin/review"]) {
      const res = await api("GET", `/api/share-card?path=${encodeURIComponent(path)}`);
      expect(res.status, path).toBe(404);
    }
    for (const query of ["", "?path=posts/1", `?path=/${"x".repeat(300)}`]) {
      const res = await api("GET", `/api/share-card${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
