import { describe, expect, it } from "vitest";
import { splitTags, visibleTags } from "./split-tags";

describe("tags", () => {
  it("parses the comma-separated string, trimming and dropping empties and duplicates", () => {
    expect(splitTags("live, music ,,Live,tour")).toEqual(["live", "music", "tour"]);
    expect(splitTags("")).toEqual([]);
    expect(splitTags(null)).toEqual([]);
  });
  it("shows the first N and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"], 3)).toEqual({ shown: ["a", "b", "c"], hidden: 2 });
    expect(visibleTags(["a"], 4)).toEqual({ shown: ["a"], hidden: 0 });
  });
});
