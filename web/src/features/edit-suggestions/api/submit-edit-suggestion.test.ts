import { describe, expect, it } from "vitest";
import { summarySchema } from "./submit-edit-suggestion";

describe("suggest edit: the summary (SPEC §5)", () => {
  it("requires a summary", () => {
    expect(summarySchema.safeParse("   ").error?.issues[0]?.message).toBe("Please provide a brief summary of your edits.");
    expect(summarySchema.parse(" Fixed the date ")).toBe("Fixed the date");
  });
});
