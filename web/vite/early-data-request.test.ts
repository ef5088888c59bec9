import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeRegExp } from "../src/config/paths";
import { earlyDataRequestScript } from "./early-data-request";

const script = earlyDataRequestScript({ home: routeRegExp("home"), post: routeRegExp("post") });

/** Runs the inline script as index.html would at `path`; returns the address it fetched, if any. */
function runAt(path: string): string | undefined {
  window.history.replaceState(null, "", path);
  new Function(script)();
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

  it("asks for nothing on other pages, nor for a signed-in user", () => {
    expect(runAt("/posts/all")).toBeUndefined();
    expect(runAt("/timeline")).toBeUndefined();
    localStorage.setItem("sb-127-auth-token", "{}");
    expect(runAt("/posts/12")).toBeUndefined();
  });
});
