import { describe, expect, it } from "vitest";
import { formatMemberSince, publishedPostsLabel } from "./author-summary";

describe("formatMemberSince", () => {
  it("names the month and year", () => {
    expect(formatMemberSince("2026-11")).toBe("November 2026");
    expect(formatMemberSince("2025-01")).toBe("January 2025");
  });
  it("leaves anything else as it came", () => {
    expect(formatMemberSince("soon")).toBe("soon");
  });
});

describe("publishedPostsLabel", () => {
  it("counts in words", () => {
    expect(publishedPostsLabel(0)).toBe("0 published posts");
    expect(publishedPostsLabel(1)).toBe("1 published post");
    expect(publishedPostsLabel(12)).toBe("12 published posts");
  });
});
