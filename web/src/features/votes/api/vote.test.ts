import { describe, expect, it } from "vitest";
import { voteInputSchema } from "./vote-input-schema";

describe("vote input (SPEC §7)", () => {
  it("accepts only up, down or none", () => {
    expect(voteInputSchema.safeParse({ voteType: "none" }).success).toBe(true);
    expect(voteInputSchema.safeParse({ voteType: "sideways" }).success).toBe(false);
  });
});
