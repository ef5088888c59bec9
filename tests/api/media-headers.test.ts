/** Media reach browsers through the site's /images and /renditions paths with headers that stop content sniffing. */
import { describe, expect, it } from "vitest";
import { testEnv } from "../support/env.ts";

describe("GET /images/{name} through the site", () => {
  it("serves a seeded image with its type and X-Content-Type-Options: nosniff", async () => {
    const res = await fetch(`${testEnv.siteUrl}/images/album-cover.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    await res.body?.cancel();
  });

  it("serves a rendition through /renditions, Storage's image transformations with the query passed on", async () => {
    const original = await fetch(`${testEnv.siteUrl}/images/alex-rivera-stage.jpg`);
    const originalBytes = (await original.arrayBuffer()).byteLength;
    const res = await fetch(`${testEnv.siteUrl}/renditions/alex-rivera-stage.jpg?width=40&quality=60`, { headers: { accept: "image/webp,*/*" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-transformations")).toBe("width:40,resizing_type:fill,quality:60");
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(originalBytes);
  });
});
