import { describe, expect, it } from "vitest";
import { createCommentInputSchema } from "./comment-input-schemas";

describe("createCommentInputSchema (SPEC §5)", () => {
  it("trims and requires text", () => {
    expect(createCommentInputSchema.parse({ content: "  hi  " })).toEqual({ content: "hi", parentId: null });
    const blank = createCommentInputSchema.safeParse({ content: " \n " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe("Write a comment first");
  });
  it("refuses a parent id that is not a positive whole number", () => {
    expect(createCommentInputSchema.safeParse({ content: "reply", parentId: 0 }).success).toBe(false);
    expect(createCommentInputSchema.safeParse({ content: "reply", parentId: 1.5 }).success).toBe(false);
  });
  it("carries the parent for replies", () => {
    expect(createCommentInputSchema.parse({ content: "reply", parentId: 7 })).toEqual({ content: "reply", parentId: 7 });
  });
});
