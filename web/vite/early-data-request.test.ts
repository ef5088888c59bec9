// @vitest-environment node
// (esbuild, which builds the script, does not run under jsdom's globals; the script runs in a JSDOM page of its own.)
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { earlyDataRequestScript } from "./early-data-request";

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
  return { requested, answers: (window as unknown as Window).__prefetch };
}

describe("the early data request script of index.html", () => {
  const script = earlyDataRequestScript({ imageTransforms: true });

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

  it("asks for nothing for a signed-in user, nor on a page it does not know", () => {
    expect(pageRunning(script, "http://localhost/posts/12", true)).toEqual({ requested: [], answers: undefined });
    expect(pageRunning(script, "http://localhost/create-post")).toEqual({ requested: [], answers: undefined });
  });
});
