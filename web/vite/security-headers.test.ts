// @vitest-environment node
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PreviewServer, ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";
import { analyticsSources, headersForPath, inlineScriptHashes, parseHeadersFile, renderHeaders, securityHeaders } from "./security-headers";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("_headers files", () => {
  const rules = parseHeadersFile("# a comment\n/*\n  X-Frame-Options: DENY\n  X-Test: a\n\n/images/*\n  X-Test: b\n/posts/:id\n  X-Post: yes\n");

  it("gives a path the headers of every rule it matches, joining repeated names as the hosts do", () => {
    expect([...headersForPath(rules, "/")]).toEqual([["x-frame-options", "DENY"], ["x-test", "a"]]);
    expect(headersForPath(rules, "/images/a/b.png").get("x-test")).toBe("a, b");
    expect(headersForPath(rules, "/posts/12").get("x-post")).toBe("yes");
    expect(headersForPath(rules, "/posts/12/comments").has("x-post")).toBe(false);
    expect(headersForPath(rules, "/imagesx").get("x-test")).toBe("a");
  });

  it("refuses a header line outside a rule or without a colon", () => {
    expect(() => parseHeadersFile("  X-Test: a\n")).toThrow(/line 1/);
    expect(() => parseHeadersFile("/*\n  not a header\n")).toThrow(/line 2/);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script and skips external ones", () => {
    const html = '<head><script>\n  var a = 1;\n</script><script type="module" crossorigin src="/assets/x.js"></script></head><body><script>b()</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha256("\n  var a = 1;\n"), sha256("b()")]);
  });
});

describe("analyticsSources", () => {
  it("is empty without a key, PostHog Cloud's domain for its hosts, and the proxy's origin otherwise", () => {
    expect(analyticsSources({ VITE_POSTHOG_HOST: "https://eu.i.posthog.com" })).toEqual([]);
    expect(analyticsSources({ VITE_POSTHOG_KEY: "phc_1" })).toEqual(["https://*.posthog.com"]);
    expect(analyticsSources({ VITE_POSTHOG_KEY: "phc_1", VITE_POSTHOG_HOST: "https://eu.i.posthog.com" })).toEqual(["https://*.posthog.com"]);
    expect(analyticsSources({ VITE_POSTHOG_KEY: "phc_1", VITE_POSTHOG_HOST: "https://ph.example.com/ingest" })).toEqual(["https://ph.example.com"]);
    expect(() => analyticsSources({ VITE_POSTHOG_KEY: "phc_1", VITE_POSTHOG_HOST: "not a url" })).toThrow(/VITE_POSTHOG_HOST/);
  });
});

describe("renderHeaders", () => {
  it("fills the values, closes the gaps empty ones leave and keeps comments as written", () => {
    const text = renderHeaders("# {{SUPABASE}} is Auth\n/*\n  CSP: script-src 'self' {{INLINE_SCRIPTS}} {{ANALYTICS}}; connect-src 'self' {{SUPABASE}} {{ANALYTICS}}\n", {
      inlineScripts: ["'sha256-x'"],
      supabase: ["https://ref.supabase.co"],
      analytics: [],
    });
    expect(text).toBe("# {{SUPABASE}} is Auth\n/*\n  CSP: script-src 'self' 'sha256-x'; connect-src 'self' https://ref.supabase.co\n");
  });

  it("refuses a value it does not know", () => {
    expect(() => renderHeaders("/*\n  X: {{OTHER}}\n", { inlineScripts: [], supabase: [], analytics: [] })).toThrow(/OTHER/);
  });

  it("turns the project's template into the site's policy: no inline script but the hashed ones, no eval, only the hosts the site talks to", () => {
    const template = fs.readFileSync(new URL("../_headers.template", import.meta.url), "utf8");
    const rules = parseHeadersFile(renderHeaders(template, { inlineScripts: ["'sha256-x'"], supabase: ["https://ref.supabase.co"], analytics: [] }));
    const page = headersForPath(rules, "/posts/1");
    expect(page.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self' 'sha256-x'; /);
    expect(page.get("content-security-policy")).toContain("connect-src 'self' https://ref.supabase.co;");
    expect(page.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.get("x-content-type-options")).toBe("nosniff");
    for (const media of ["/images/a.png", "/renditions/a.png"]) {
      expect(headersForPath(rules, media).get("x-content-type-options")).toBe("nosniff");
      expect(headersForPath(rules, media).get("content-security-policy")).toMatch(/, default-src 'none'; .*sandbox$/);
    }
  });
});

describe("vite preview", () => {
  it("sends the headers of the latest build, also when a build rewrites dist/_headers under a running preview", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "security-headers-"));
    const file = path.join(root, "dist", "_headers");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, "/*\n  Content-Security-Policy: script-src 'sha256-first'\n");

    const plugin = securityHeaders({ template: "_headers.template" });
    (plugin.configResolved as (config: ResolvedConfig) => void)({ root, build: { outDir: "dist" }, logger: { warn: () => {} } } as unknown as ResolvedConfig);
    type Middleware = (request: { url: string }, response: { setHeader: (name: string, value: string) => void }, next: () => void) => void;
    let middleware: Middleware | undefined;
    (plugin.configurePreviewServer as (server: PreviewServer) => void)({ middlewares: { use: (fn: Middleware) => (middleware = fn) } } as unknown as PreviewServer);
    const policyFor = (url: string) => {
      const sent = new Map<string, string>();
      middleware!({ url }, { setHeader: (name, value) => sent.set(name, value) }, () => {});
      return sent.get("content-security-policy");
    };

    expect(policyFor("/posts/1")).toBe("script-src 'sha256-first'");
    fs.writeFileSync(file, "/*\n  Content-Security-Policy: script-src 'sha256-second'\n");
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect(policyFor("/posts/1")).toBe("script-src 'sha256-second'");
    fs.rmSync(root, { recursive: true });
  });
});
