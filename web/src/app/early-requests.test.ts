import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { allPostsQueryOptions, upcomingPostsQueryOptions } from "@/features/posts/api/get-all-posts";
import { authorPageQueryOptions } from "@/features/posts/api/get-author-page";
import { homePostsQueryOptions } from "@/features/posts/api/get-home-posts";
import { postQueryOptions } from "@/features/posts/api/get-post";
import { timelineQueryOptions } from "@/features/posts/api/get-timeline";
import { timelineMonthsQueryOptions } from "@/features/posts/api/get-timeline-months";
import { filtersFromParams } from "@/features/posts/utils/filters";
import { tagsQueryOptions } from "@/features/tags/api/get-tags";
import { imageSources } from "@/lib/image-sources";
import { anonViewer } from "@/lib/query-keys";
import { browserTimeZone } from "@/lib/time-zone";
import { earlyRequestUrls, startEarlyRequests } from "./early-requests";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const authorId = "a0000000-0000-4000-8000-000000000003";
let fetchMock: Mock<(input: RequestInfo | URL) => Promise<Response>>;
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

/** Runs the early requests as index.html does at `path`. */
function openAt(path: string, imageTransforms = true) {
  window.history.replaceState(null, "", path);
  startEarlyRequests({ imageTransforms });
}

describe("index.html's early data requests", () => {
  beforeEach(() => {
    window.__prefetch = undefined;
    localStorage.clear();
    // An answer every page's query takes (the tag index reads `tags`).
    fetchMock = vi.fn(() => Promise.resolve(json({ tags: [] })));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    window.__prefetch = undefined;
    window.history.replaceState(null, "", "/");
  });

  /** What each page's queries fetch when it opens (the filters and views as its route reads them from the location). */
  const pages: [path: string, open: (client: QueryClient) => Promise<unknown>][] = [
    ["/", (client) => client.fetchQuery(homePostsQueryOptions(anonViewer, browserTimeZone()))],
    ["/posts/12", (client) => client.fetchQuery(postQueryOptions("12", anonViewer))],
    ["/posts/12/", (client) => client.fetchQuery(postQueryOptions("12", anonViewer))],
    [
      "/posts/all",
      (client) => {
        const filters = filtersFromParams(new URLSearchParams());
        return Promise.all([client.fetchInfiniteQuery(allPostsQueryOptions(filters, anonViewer, browserTimeZone())), client.fetchInfiniteQuery(upcomingPostsQueryOptions(filters, anonViewer, browserTimeZone()))]);
      },
    ],
    [
      "/posts/all?tags=photos&sort=oldest",
      (client) => client.fetchInfiniteQuery(allPostsQueryOptions(filtersFromParams(new URLSearchParams("tags=photos&sort=oldest")), anonViewer, browserTimeZone())),
    ],
    [
      "/timeline?type=event#2025-04",
      (client) =>
        Promise.all([client.fetchInfiniteQuery(timelineQueryOptions(anonViewer, { type: "event", from: "2025-04" }, browserTimeZone())), client.fetchQuery(timelineMonthsQueryOptions("event", browserTimeZone()))]),
    ],
    [`/authors/${authorId}`, (client) => client.fetchInfiniteQuery(authorPageQueryOptions(authorId, anonViewer))],
    ["/tags", (client) => client.fetchQuery(tagsQueryOptions())],
  ];

  it.each(pages)("at %s, start exactly the requests the page makes, which then takes their answers", async (path, open) => {
    openAt(path);
    const early = requested();
    expect(early.length).toBeGreaterThan(0);
    expect(Object.keys(window.__prefetch ?? {})).toEqual(early);
    await open(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    // Nothing asked again, and every early answer taken.
    expect(requested()).toEqual(early);
    expect(window.__prefetch).toEqual({});
  });

  it("asks for the upcoming events beside All posts only where they are listed apart (newest first)", () => {
    expect(earlyRequestUrls({ pathname: "/posts/all", search: "?tags=photos", hash: "" })).toEqual([
      expect.stringMatching(/^\/api\/posts\/all\?sort=newest&tags=photos&from=now&limit=20&tz=/),
      expect.stringMatching(/^\/api\/posts\/all\?sort=oldest&tags=photos&from=now&limit=5&tz=/),
    ]);
    expect(earlyRequestUrls({ pathname: "/posts/all", search: "?sort=most_upvotes", hash: "" })).toHaveLength(1);
  });

  it("asks for nothing on other pages, nor for a signed-in user", () => {
    for (const path of ["/posts/12/history", "/create-post", "/authors/not-an-id", "/admin/review"]) {
      openAt(path);
      expect(window.__prefetch, path).toBeUndefined();
    }
    localStorage.setItem("sb-127-auth-token", "{}");
    openAt("/posts/all");
    expect(window.__prefetch).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hands over the answer's status and body, an error's too, and null when there is no answer", async () => {
    const earlyAnswer = () => window.__prefetch?.["/api/posts/9"];
    fetchMock.mockResolvedValueOnce(json({ error: "Post not found." }, 404));
    openAt("/posts/9");
    await expect(earlyAnswer()).resolves.toMatchObject({ status: 404, body: { error: "Post not found." } });
    fetchMock.mockResolvedValueOnce(json({ post: { id: 9 } }));
    openAt("/posts/9");
    await expect(earlyAnswer()).resolves.toMatchObject({ status: 200, body: { post: { id: 9 } } });
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    openAt("/posts/9");
    await expect(earlyAnswer()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(new Response("<html>", { status: 200 }));
    openAt("/posts/9");
    await expect(earlyAnswer()).resolves.toBeNull();
  });

  describe("a post's first image", () => {
    const answering = (post: object) => fetchMock.mockResolvedValueOnce(json({ post }));
    const preloaded = async () => {
      await window.__prefetch?.["/api/posts/9"];
      await Promise.resolve();
      return document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    };
    const media = [
      { id: 1, url: "/video.mp4", media_type: "video" },
      { id: 2, url: "/images/a.jpg", width: 800, height: 600, media_type: "image" },
    ];
    afterEach(() => document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove()));

    it("is preloaded with the renditions and sizes the page's image offers, never the original", async () => {
      answering({ id: 9, is_nsfw: false, image_url: "a.jpg", media });
      openAt("/posts/9");
      const link = await preloaded();
      const offered = imageSources("/images/a.jpg", 800, "detail", true);
      expect([link?.getAttribute("href"), link?.getAttribute("imagesrcset"), link?.getAttribute("imagesizes")]).toEqual([offered.src, offered.srcSet, offered.sizes]);
      expect(link?.getAttribute("fetchpriority")).toBe("high");
    });

    it("is the original without transformations, and nothing for a post marked NSFW or without an image", async () => {
      answering({ id: 9, is_nsfw: false, image_url: "a.jpg", media });
      openAt("/posts/9", false);
      const original = await preloaded();
      expect([original?.getAttribute("href"), original?.hasAttribute("imagesrcset")]).toEqual(["/images/a.jpg", false]);
      original?.remove();
      answering({ id: 9, is_nsfw: true, image_url: "a.jpg", media });
      openAt("/posts/9");
      expect(await preloaded()).toBeNull();
      answering({ id: 9, is_nsfw: false, image_url: null, media: [] });
      openAt("/posts/9");
      expect(await preloaded()).toBeNull();
    });
  });
});
