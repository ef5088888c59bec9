// @vitest-environment node
// (esbuild, which builds the script, does not run under jsdom's globals; the script runs in a JSDOM page of its own.)
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { earlyRequestsScript } from "./first-requests";

/** A page at `url` that runs the inline script as index.html would, with fetch recording what it is asked. */
function pageRunning(script: string, url: string, session = false) {
  const { window } = new JSDOM("<!doctype html><head></head>", { url, runScripts: "outside-only" });
  if (session) window.localStorage.setItem("sb-127-auth-token", "{}");
  const requested: string[] = [];
  window.fetch = ((input: string) => {
    requested.push(input);
    return new Promise(() => {});
  }) as typeof fetch;
  window.eval(script);
  const preloaded = [...window.document.head.querySelectorAll("link")].map((link) => `${link.rel} ${link.getAttribute("href")}`);
  return { requested, answers: (window as unknown as Window).__prefetch, preloaded };
}

describe("the early requests script of index.html", () => {
  const routeChunks = { post: { scripts: ["assets/post-1.js", "assets/markdown-2.js"], styles: ["assets/post-3.css"] }, tags: { scripts: ["assets/tags-4.js"], styles: [] } };
  const script = earlyRequestsScript({ imageTransforms: true, routeChunks });

  it("is one self-contained function: no module syntax left", () => {
    expect(script).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(script).not.toMatch(/\bimport\b|\bexport\b/);
  });

  it("starts the page's first requests, keyed by address, on each page people land on", () => {
    const allPosts = pageRunning(script, "http://localhost/posts/all?tags=photos");
    expect(allPosts.requested).toEqual([expect.stringMatching(/^\/api\/posts\/all\?sort=newest&tags=photos&/), expect.stringMatching(/^\/api\/posts\/all\?sort=oldest&tags=photos&/)]);
    expect(Object.keys(allPosts.answers ?? {})).toEqual(allPosts.requested);
    expect(pageRunning(script, "http://localhost/timeline").requested).toEqual([expect.stringMatching(/^\/api\/timeline\?limit=20&tz=/), expect.stringMatching(/^\/api\/timeline\/months\?tz=/)]);
    expect(pageRunning(script, "http://localhost/tags").requested).toEqual(["/api/tags"]);
    expect(pageRunning(script, "http://localhost/posts/12").requested).toEqual(["/api/posts/12"]);
  });

  it("preloads the landing page's own chunks, for visitors and signed-in users alike", () => {
    const chunksOfPost = ["modulepreload /assets/post-1.js", "modulepreload /assets/markdown-2.js", "preload /assets/post-3.css"];
    expect(pageRunning(script, "http://localhost/posts/12").preloaded).toEqual(chunksOfPost);
    expect(pageRunning(script, "http://localhost/posts/12", true).preloaded).toEqual(chunksOfPost);
    expect(pageRunning(script, "http://localhost/tags/").preloaded).toEqual(["modulepreload /assets/tags-4.js"]);
    expect(pageRunning(script, "http://localhost/timeline").preloaded).toEqual([]);
  });

  it("preloads the chunks when the browser refuses to read localStorage, and asks for no data then", () => {
    const { window } = new JSDOM("<!doctype html><head></head>", { url: "http://localhost/tags", runScripts: "outside-only" });
    Object.defineProperty(window, "localStorage", { get: () => { throw new window.DOMException("The operation is insecure.", "SecurityError"); } });
    const requested: string[] = [];
    window.fetch = ((input: string) => (requested.push(input), new Promise(() => {}))) as typeof fetch;
    window.eval(script);
    expect(requested).toEqual([]);
    expect([...window.document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual(["/assets/tags-4.js"]);
  });

  it("asks for no data for a signed-in user, and for nothing on a page it does not know", () => {
    expect(pageRunning(script, "http://localhost/posts/12", true)).toMatchObject({ requested: [], answers: undefined });
    expect(pageRunning(script, "http://localhost/create-post")).toEqual({ requested: [], answers: undefined, preloaded: [] });
  });
});
