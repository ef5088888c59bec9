import { describe, expect, it } from "vitest";
import { visibleTags } from "./visible-tags";

describe("visibleTags", () => {
  it("shows the first N and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d", "e"], 3)).toEqual({ shown: ["a", "b", "c"], hidden: 2 });
    expect(visibleTags(["a"], 4)).toEqual({ shown: ["a"], hidden: 0 });
  });
});
