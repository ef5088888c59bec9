// @vitest-environment node
// (the plugin's module loads Vite's build tools, esbuild among them, which do not run under jsdom's globals.)
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encoded } from "./share-cards";

const page = Buffer.from(`<!doctype html><html><body>${"<p>The archive</p>".repeat(200)}</body></html>`);

describe("the preview's pages, compressed as a host sends them", () => {
  it("is brotli when the browser takes it, gzip when it takes only that, and as it is otherwise", () => {
    const br = encoded(page, "gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);

    const gzip = encoded(page, "gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);

    expect(encoded(page, undefined)).toEqual({ body: page });
    expect(encoded(page, "identity")).toEqual({ body: page });
  });
});
