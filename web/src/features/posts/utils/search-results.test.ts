import { describe, expect, it } from "vitest";
import { noFilters } from "./filters";
import { filterRemovals, resultCountText } from "./search-results";

describe("resultCountText", () => {
  it("says how many posts, or that there are more than the count's cap", () => {
    expect(resultCountText(1)).toBe("1 post");
    expect(resultCountText(0)).toBe("0 posts");
    expect(resultCountText(128)).toBe("128 posts");
    expect(resultCountText(1280, true)).toBe("1,280 posts");
    expect(resultCountText(1000, false)).toBe("More than 1,000 posts");
  });
});

describe("filterRemovals", () => {
  it("offers to clear the words, each typed filter and each field, keeping everything else", () => {
    const filters = { ...noFilters, search: "concert tag:live  author:\"Hana Sato\" tour", sort: "oldest" as const, tags: ["music"], author: "Rivera", types: ["event"], from: "2024-01-01", to: "2024-12-31", date: "2024-05-01", has: ["media" as const] };
    const removals = filterRemovals(filters);
    expect(removals.map((removal) => removal.label)).toEqual([
      "Clear the search words",
      "Clear tag: live",
      "Clear author: Hana Sato",
      "Clear author: Rivera",
      "Clear tag: music",
      "Clear type: event",
      "Clear from: 2024-01-01",
      "Clear to: 2024-12-31",
      "Clear date: 2024-05-01",
      "Clear has: media",
    ]);
    const by = (label: string) => removals.find((removal) => removal.label === label)!.filters;
    expect(by("Clear the search words")).toEqual({ ...filters, search: 'tag:live author:"Hana Sato"' });
    expect(by("Clear tag: live")).toEqual({ ...filters, search: 'concert author:"Hana Sato" tour' });
    expect(by("Clear author: Hana Sato")).toEqual({ ...filters, search: "concert tag:live tour" });
    expect(by("Clear author: Rivera")).toEqual({ ...filters, author: "" });
    expect(by("Clear tag: music")).toEqual({ ...filters, tags: [] });
    expect(by("Clear has: media")).toEqual({ ...filters, has: [] });
  });

  it("clears every copy of a typed filter with one link, and nothing when nothing is active", () => {
    const removals = filterRemovals({ ...noFilters, search: "tag:Live x TAG:live" });
    expect(removals.map((removal) => [removal.label, removal.filters.search])).toEqual([
      ["Clear the search words", "tag:Live TAG:live"],
      ["Clear tag: live", "x"],
    ]);
    expect(filterRemovals(noFilters)).toEqual([]);
  });
});
