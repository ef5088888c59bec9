import { describe, expect, it } from "vitest";
import { createCommentSchema } from "./create-comment";

describe("createCommentSchema (SPEC §5)", () => {
  it("trims and requires text", () => {
    expect(createCommentSchema.parse({ content: "  hi  " })).toEqual({ content: "hi", parentId: null });
    const blank = createCommentSchema.safeParse({ content: " \n " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Write a comment first");
  });
  it("refuses a parent id that is not a positive whole number", () => {
    expect(createCommentSchema.safeParse({ content: "reply", parentId: 0 }).success).toBe(false);
    expect(createCommentSchema.safeParse({ content: "reply", parentId: 1.5 }).success).toBe(false);
  });
  it("carries the parent for replies", () => {
    expect(createCommentSchema.parse({ content: "reply", parentId: 7 })).toEqual({ content: "reply", parentId: 7 });
  });
});
