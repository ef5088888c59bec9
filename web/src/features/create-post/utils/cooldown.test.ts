import { describe, expect, it } from "vitest";
import { cooldownRemaining, POST_COOLDOWN_MS } from "./cooldown";

describe("posting cooldown (SPEC §9)", () => {
  it("is 5 minutes from the last post time", () => {
    expect(cooldownRemaining(1_000, null)).toBe(0);
    expect(cooldownRemaining(1_000 + 60_000, 1_000)).toBe(POST_COOLDOWN_MS - 60_000);
    expect(cooldownRemaining(1_000 + POST_COOLDOWN_MS, 1_000)).toBe(0);
  });
});
