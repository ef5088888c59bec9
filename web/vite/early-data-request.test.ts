import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeRegExp } from "../src/config/paths";
import { imageSlotSizes, imageSources, renditionQuality, renditionWidths } from "../src/lib/image-sources";
import { earlyDataRequestScript } from "./early-data-request";

const scriptWith = (transforms: boolean) =>
  earlyDataRequestScript({
    home: routeRegExp("home"),
    post: routeRegExp("post"),
    postImage: { transforms, widths: renditionWidths, quality: renditionQuality, sizes: imageSlotSizes.detail },
  });
const script = scriptWith(true);

/** Runs the inline script as index.html would at `path`; returns the address it fetched, if any. */
function runAt(path: string, code = script): string | undefined {
  window.history.replaceState(null, "", path);
  new Function(code)();
  return window.__prefetch?.url;
}

describe("the early data request of index.html", () => {
  beforeEach(() => {
    window.__prefetch = undefined;
    localStorage.clear();
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { headers: { "content-type": "application/json" } }))));
  });
  afterEach(() => {
    window.__prefetch = undefined;
    window.history.replaceState(null, "", "/");
  });

  it("asks for the home groups on / and for the post on a post page", () => {
    expect(runAt("/")).toMatch(/^\/api\/posts(\?tz=.+)?$/);
    window.__prefetch = undefined;
    expect(runAt("/posts/12")).toBe("/api/posts/12");
    window.__prefetch = undefined;
    expect(runAt("/posts/12/")).toBe("/api/posts/12");
  });

  it("hands over the answer's status and body, an error's too, so the page does not ask again", async () => {
    const earlyAnswer = () => window.__prefetch?.response;
    const answer = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "application/json" } });
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(answer(404, '{"error": "Post not found."}'))));
    runAt("/posts/9");
    await expect(earlyAnswer()).resolves.toMatchObject({ status: 404, body: { error: "Post not found." } });
    window.__prefetch = undefined;
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(answer(200, '{"post": {"id": 9}}'))));
    runAt("/posts/9");
    await expect(earlyAnswer()).resolves.toMatchObject({ status: 200, body: { post: { id: 9 } } });
    window.__prefetch = undefined;
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("offline"))));
    runAt("/posts/9");
    await expect(earlyAnswer()).resolves.toBeNull();
  });

  describe("a post's first image", () => {
    const answering = (post: object) =>
      vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify({ post }), { headers: { "content-type": "application/json" } }))));
    const preloaded = async () => {
      await window.__prefetch?.response;
      await Promise.resolve();
      return document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    };
    const media = [{ id: 1, url: "/video.mp4", media_type: "video" }, { id: 2, url: "/images/a.jpg", width: 800, height: 600, media_type: "image" }];
    afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove()));

    it("is preloaded with the renditions and sizes the page's image offers, never the original", async () => {
      answering({ id: 9, is_nsfw: false, image_url: "a.jpg", media });
      runAt("/posts/9");
      const link = await preloaded();
      const offered = imageSources("/images/a.jpg", 800, "detail", true);
      expect([link?.getAttribute("href"), link?.getAttribute("imagesrcset"), link?.getAttribute("imagesizes")])
        .toEqual([offered.src, offered.srcSet, offered.sizes]);
      expect(link?.getAttribute("fetchpriority")).toBe("high");
    });

    it("is the original without transformations, and nothing for a post marked NSFW or without an image", async () => {
      answering({ id: 9, is_nsfw: false, image_url: "a.jpg", media });
      runAt("/posts/9", scriptWith(false));
      expect((await preloaded())?.getAttribute("href")).toBe("/images/a.jpg");
      (await preloaded())?.remove();
      window.__prefetch = undefined;
      answering({ id: 9, is_nsfw: true, image_url: "a.jpg", media });
      runAt("/posts/9");
      expect(await preloaded()).toBeNull();
      window.__prefetch = undefined;
      answering({ id: 9, is_nsfw: false, image_url: null, media: [] });
      runAt("/posts/9");
      expect(await preloaded()).toBeNull();
    });
  });

  it("asks for nothing on other pages, nor for a signed-in user", () => {
    expect(runAt("/posts/all")).toBeUndefined();
    expect(runAt("/timeline")).toBeUndefined();
    localStorage.setItem("sb-127-auth-token", "{}");
    expect(runAt("/posts/12")).toBeUndefined();
  });
});
