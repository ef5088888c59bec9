import { describe, expect, it } from "vitest";
import { applyPageMeta } from "./use-page-meta";

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

describe("applyPageMeta", () => {
  it("sets the title and the OpenGraph/Twitter tags with an absolute image", () => {
    applyPageMeta({ title: "A post", description: "Its excerpt", image: "/images/a.png", type: "article" }, "https://archive.test", "https://archive.test/posts/1");
    expect(document.title).toMatch(/^A post · /);
    expect(content('meta[property="og:title"]')).toBe("A post");
    expect(content('meta[property="og:description"]')).toBe("Its excerpt");
    expect(content('meta[property="og:image"]')).toBe("https://archive.test/images/a.png");
    expect(content('meta[property="og:url"]')).toBe("https://archive.test/posts/1");
    expect(content('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(content('meta[name="twitter:image"]')).toBe("https://archive.test/images/a.png");
    expect(content('meta[name="description"]')).toBe("Its excerpt");
  });

  it("removes the image tags when there is no image", () => {
    applyPageMeta({ title: "Plain", description: "x" }, "https://archive.test", "https://archive.test/");
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(content('meta[name="twitter:card"]')).toBe("summary");
  });
});
