import { describe, expect, it } from "vitest";
import { voteInputSchema } from "./vote";

describe("vote input (SPEC §7)", () => {
  it("accepts only up, down or none", async () => {
    const schema = await voteInputSchema();
    expect(schema.safeParse({ voteType: "none" }).success).toBe(true);
    expect(schema.safeParse({ voteType: "sideways" }).success).toBe(false);
  });
});
