/** Media reach browsers through the site's /images path with headers that stop content sniffing. */
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
});
