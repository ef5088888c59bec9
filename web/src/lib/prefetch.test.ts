import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { withPrefetched } from "./prefetch";

describe("withPrefetched", () => {
  afterEach(() => {
    window.__prefetch = undefined;
  });

  it("uses index.html's early answer for the same address, once", async () => {
    window.__prefetch = { "/api/posts/1": Promise.resolve({ status: 200, body: { post: { id: 1 } } }) };
    const fetcher = vi.fn(() => Promise.resolve({ post: { id: 2 } }));
    await expect(withPrefetched("/api/posts/1", fetcher)).resolves.toEqual({ post: { id: 1 } });
    expect(fetcher).not.toHaveBeenCalled();
    await expect(withPrefetched("/api/posts/1", fetcher)).resolves.toEqual({ post: { id: 2 } });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("hands the early answer to every fetch of its address made before it arrives (a screen mounted twice), then asks the API", async () => {
    let arrive!: (answer: { status: number; body: unknown }) => void;
    window.__prefetch = { "/api/tags": new Promise((resolve) => (arrive = resolve)) };
    const fetcher = vi.fn(() => Promise.resolve("fresh"));
    const first = withPrefetched("/api/tags", fetcher);
    const second = withPrefetched("/api/tags", fetcher);
    arrive({ status: 200, body: "early" });
    await expect(Promise.all([first, second])).resolves.toEqual(["early", "early"]);
    await expect(withPrefetched("/api/tags", fetcher)).resolves.toBe("fresh");
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("fetches itself for another address, and when the early request got no answer", async () => {
    window.__prefetch = { "/api/posts/1": Promise.resolve(null) };
    const fetcher = vi.fn(() => Promise.resolve("fresh"));
    await expect(withPrefetched("/api/posts/2", fetcher)).resolves.toBe("fresh");
    await expect(withPrefetched("/api/posts/1", fetcher)).resolves.toBe("fresh");
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("throws an error answer as the API client would, without asking again", async () => {
    window.__prefetch = {
      "/api/posts/9": Promise.resolve({ status: 404, statusText: "Not Found", body: { error: "Post not found.", detail: "Post not found." } }),
    };
    const fetcher = vi.fn(() => Promise.resolve("fresh"));
    const failure = withPrefetched("/api/posts/9", fetcher);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: "Post not found." });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("hands over several early answers, each to the fetcher of its own address", async () => {
    window.__prefetch = {
      "/api/timeline?limit=20": Promise.resolve({ status: 200, body: "page" }),
      "/api/timeline/months": Promise.resolve({ status: 200, body: "months" }),
    };
    const fetcher = vi.fn(() => Promise.resolve("fresh"));
    await expect(withPrefetched("/api/timeline/months", fetcher)).resolves.toBe("months");
    await expect(withPrefetched("/api/timeline?limit=20", fetcher)).resolves.toBe("page");
    await expect(withPrefetched("/api/timeline?limit=20", fetcher)).resolves.toBe("fresh");
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
