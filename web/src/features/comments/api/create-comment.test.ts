import { describe, expect, it } from "vitest";
import { createCommentSchema } from "./create-comment";

describe("createCommentSchema (SPEC §5)", () => {
  it("trims and requires text", () => {
    expect(createCommentSchema.parse({ content: "  hi  " })).toEqual({ content: "hi", parentId: null });
    expect(createCommentSchema.safeParse({ content: " \n " }).success).toBe(false);
  });
  it("carries the parent for replies", () => {
    expect(createCommentSchema.parse({ content: "reply", parentId: 7 })).toEqual({ content: "reply", parentId: 7 });
  });
});
