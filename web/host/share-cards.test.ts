import { afterEach, describe, expect, it, vi } from "vitest";
import { publicPages } from "../../supabase/functions/_shared/public-pages.ts";
import { paths, routeRegExp, routes } from "../src/config/paths";
import { landingRoutes } from "../src/app/landing-routes";
import { config as netlifyConfig } from "./netlify/share-cards";
import { hasShareCard, withShareCard } from "./share-cards";

const indexHtml = `<html><head><meta property="og:title" content="Site" /><title>Site</title></head><body></body></html>`;
const page = async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"abc"' } });
const card = { title: "A post", description: "Its excerpt", url: "https://archive.test/posts/1", image: null, type: "article" };

function stubCardLookup(answer: () => Promise<Response>) {
  const fetchStub = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("withShareCard", () => {
  it("writes the card of a post's page into it, asking the api at the same origin by default", async () => {
    const lookup = stubCardLookup(async () => Response.json(card));
    const response = await withShareCard(new Request("https://archive.test/posts/1"), page);
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="A post" />');
    expect(String(lookup.mock.calls[0][0])).toBe("https://archive.test/api/share-card?path=%2Fposts%2F1");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("etag")).toBeNull();
  });

  it("sends the plain page quickly when the lookup is slow, fails or finds nothing", async () => {
    // A lookup that never answers: the timeout's abort is what ends it.
    vi.stubGlobal("fetch", (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))));
    const started = Date.now();
    const slow = await withShareCard(new Request("https://archive.test/posts/1"), page, { timeoutMs: 50 });
    expect(await slow.text()).toBe(indexHtml);
    expect(Date.now() - started).toBeLessThan(1000);

    stubCardLookup(async () => Promise.reject(new TypeError("fetch failed")));
    expect(await (await withShareCard(new Request("https://archive.test/posts/1"), page)).text()).toBe(indexHtml);
    stubCardLookup(async () => Response.json({ error: "Post not found." }, { status: 404 }));
    expect(await (await withShareCard(new Request("https://archive.test/posts/1"), page)).text()).toBe(indexHtml);
    stubCardLookup(async () => new Response("not json"));
    expect(await (await withShareCard(new Request("https://archive.test/posts/1"), page)).text()).toBe(indexHtml);
  });

  it("leaves other paths, other methods and answers that are not HTML pages alone, without a lookup", async () => {
    const lookup = stubCardLookup(async () => Response.json(card));
    const asset = new Response("body {}", { headers: { "content-type": "text/css" } });
    expect(await withShareCard(new Request("https://archive.test/assets/x.css"), async () => asset)).toBe(asset);
    const post = new Response("ok");
    expect(await withShareCard(new Request("https://archive.test/posts/1", { method: "POST" }), async () => post)).toBe(post);
    expect(lookup).not.toHaveBeenCalled();
    const missing = new Response("gone", { status: 404, headers: { "content-type": "text/html" } });
    expect(await withShareCard(new Request("https://archive.test/posts/1"), async () => missing)).toBe(missing);
  });
});

describe("which pages have a card", () => {
  it("posts and the fixed pages, which are routes of the SPA", () => {
    expect(hasShareCard("/posts/12")).toBe(true);
    expect(hasShareCard("/posts/12/")).toBe(true);
    for (const path of ["/posts/12/history", "/posts/x", "/create-post", "/admin/review", "/api/feed", "/assets/a.js"]) {
      expect(hasShareCard(path), path).toBe(false);
    }
    const spaPaths = Object.values(paths).filter((value): value is string => typeof value === "string");
    for (const { path } of publicPages) {
      expect(hasShareCard(path), path).toBe(true);
      expect(spaPaths, path).toContain(path);
    }
    // The post pattern is the router's.
    expect(new RegExp(routeRegExp("post")).test("/posts/12")).toBe(true);
    expect(routes.post).toBe("/posts/:id");
  });

  it("the Netlify edge function runs on exactly those paths and the landing pages'", () => {
    expect(netlifyConfig.path).toEqual([...publicPages.map((page) => page.path), "/posts/*", "/authors/*"]);
    for (const route of landingRoutes) {
      const pattern = routes[route].replace(/:[A-Za-z]+/, "*");
      expect(netlifyConfig.path, route).toContain(pattern);
    }
  });
});
