import { describe, expect, it } from "vitest";
import { suggestionSchema } from "./send-suggestion";

describe("suggestionSchema (SPEC §5)", () => {
  it("trims the text", () => {
    expect(suggestionSchema.parse({ suggestion: "  more timeline filters  " })).toEqual({ suggestion: "more timeline filters" });
  });
  it("rejects blank text and more than 500 characters", () => {
    expect(suggestionSchema.safeParse({ suggestion: "   " }).success).toBe(false);
    expect(suggestionSchema.safeParse({ suggestion: "x".repeat(500) }).success).toBe(true);
    expect(suggestionSchema.safeParse({ suggestion: "x".repeat(501) }).success).toBe(false);
  });
});
