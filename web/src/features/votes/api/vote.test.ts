import { describe, expect, it } from "vitest";
import { voteSchema } from "./vote";

describe("vote input (SPEC §7)", () => {
  it("accepts only up, down or none", () => {
    expect(voteSchema.safeParse({ voteType: "none" }).success).toBe(true);
    expect(voteSchema.safeParse({ voteType: "sideways" }).success).toBe(false);
  });
});
