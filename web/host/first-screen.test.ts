import { describe, expect, it, vi } from "vitest";
import type { FirstScreen } from "../src/entry-server";
import { spliceFirstScreen, withFirstScreen } from "./first-screen";

const indexHtml = `<!doctype html><html lang="en"><head><title>Site</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>`;
const page = async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"abc"', "content-length": "140" } });
const screen = (overrides: Partial<FirstScreen> = {}): FirstScreen => ({
  route: "post",
  html: "<main><h1>A post</h1></main>",
  state: { mutations: [], queries: [] },
  stylesheets: ["/assets/post.css"],
  ...overrides,
});
const get = (path: string, method = "GET") => new Request(`https://archive.test${path}`, { method });

describe("spliceFirstScreen", () => {
  it("puts the screen in #root, its answers after it, its stylesheets in the head, and marks the page", () => {
    const html = spliceFirstScreen(indexHtml, screen());
    expect(html).toContain('<html lang="en" data-first-screen>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/post.css"></head>');
    expect(html).toContain('<div id="root"><main><h1>A post</h1></main></div><script type="application/json" id="first-screen-data">{"mutations":[],"queries":[]}</script>');
  });

  it("keeps every answer inside its script: no text from a post can close it or open a comment", () => {
    const hostile = "</script><script>alert(1)</script><!-- $& $'";
    const html = spliceFirstScreen(indexHtml, screen({ state: { mutations: [], queries: [{ text: hostile }] } as never }));
    const data = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html);
    expect(data).not.toBeNull();
    expect(JSON.parse(data![1])).toEqual({ mutations: [], queries: [{ text: hostile }] });
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it("leaves out what only the SPA uses (the early requests, the chunks' preloads) and asks for the app's code at low priority", () => {
    const spa = [
      '<!doctype html><html lang="en"><head><script>theme()</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework.js">',
      '<script data-early-requests>"use strict";fetch("/api/posts")</script>',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/router.css">',
      '<link rel="preload" as="image" imageSrcSet="/renditions/a.jpg 320w" fetchPriority="high"/>',
      '</head><body><div id="root"></div></body></html>',
    ].join("\n");
    const html = spliceFirstScreen(spa, screen());
    expect(html).not.toMatch(/modulepreload|data-early-requests|as="style"|fetch\(/);
    expect(html).toContain("<script>theme()</script>");
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(html).toContain('as="image"');
  });

  it("leaves a page without an empty #root as it is", () => {
    const other = "<html><body><div id=\"root\">x</div></body></html>";
    expect(spliceFirstScreen(other, screen())).toBe(other);
  });
});

describe("withFirstScreen", () => {
  it("sends a landing page with its first screen, cacheable on a CDN as a visitor's API answers are", async () => {
    const render = vi.fn(async () => screen());
    const answer = await withFirstScreen(get("/posts/1"), page, { render });
    expect(render).toHaveBeenCalledWith(new URL("https://archive.test/posts/1"));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("<h1>A post</h1>");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    expect(answer.headers.get("cdn-cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(answer.headers.get("etag")).toBeNull();
    expect(answer.headers.get("content-length")).toBeNull();
  });

  it("sends the plain page when there is no screen, the render fails, or it is too slow", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const render of [
      async () => null,
      async () => {
        throw new Error("the API is down");
      },
      () => new Promise<FirstScreen>(() => undefined),
    ]) {
      const answer = await withFirstScreen(get("/posts/1"), page, { render, timeoutMs: 20 });
      expect(await answer.text()).toBe(indexHtml);
      expect(answer.headers.get("etag")).toBe('"abc"');
    }
    expect(errors).toHaveBeenCalledOnce();
  });

  it("leaves other methods and answers that are not HTML pages alone", async () => {
    const render = vi.fn(async () => screen());
    expect(await (await withFirstScreen(get("/posts/1", "POST"), page, { render })).text()).toBe(indexHtml);
    expect(render).not.toHaveBeenCalled();
    const notFound = async () => new Response("missing", { status: 404, headers: { "content-type": "text/html" } });
    expect(await (await withFirstScreen(get("/posts/1"), notFound, { render })).text()).toBe("missing");
    const script = async () => new Response("x", { headers: { "content-type": "text/javascript" } });
    expect(await (await withFirstScreen(get("/posts/1"), script, { render })).text()).toBe("x");
  });
});
