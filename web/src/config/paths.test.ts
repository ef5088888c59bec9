import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("paths", () => {
  it("builds post links", () => {
    expect(paths.post(42)).toBe("/posts/42");
    expect(paths.post("a b")).toBe("/posts/a%20b");
    expect(paths.postComments("7")).toBe("/posts/7#comments");
  });
});
