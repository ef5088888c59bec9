import { describe, expect, it } from "vitest";
import { sideParts, wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("marks added and removed words, keeping the common text", () => {
    const parts = wordDiff("single premieres on radio", "single premieres on morning radio");
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["morning"]);
    expect(parts.filter((p) => p.kind === "removed")).toEqual([]);
    expect(
      sideParts(parts, "after")
        .map((p) => p.text)
        .join(""),
    ).toBe("single premieres on morning radio");
  });

  it("gives each side its own text back", () => {
    const original = "The first album, recorded in a barn.";
    const suggested = "The debut album, recorded in a converted barn.";
    const parts = wordDiff(original, suggested);
    expect(sideParts(parts, "before").map((p) => p.text).join("")).toBe(original);
    expect(sideParts(parts, "after").map((p) => p.text).join("")).toBe(suggested);
    expect(parts.some((p) => p.kind === "removed" && p.text.includes("first"))).toBe(true);
  });
});
