import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots-txt";

describe("robotsTxt", () => {
  it("allows every page and names the sitemap by its absolute URL", () => {
    expect(robotsTxt("https://archive.example.org")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://archive.example.org/api/sitemap.xml\n");
  });

  it("takes the origin of a site URL with a trailing slash or a path", () => {
    expect(robotsTxt("https://archive.example.org/")).toContain("Sitemap: https://archive.example.org/api/sitemap.xml\n");
    expect(robotsTxt("http://localhost:5173/posts/all")).toContain("Sitemap: http://localhost:5173/api/sitemap.xml\n");
  });

  it("names no sitemap without a site URL, rather than a relative one", () => {
    expect(robotsTxt(undefined)).toBe("User-agent: *\nAllow: /\n");
  });
});
