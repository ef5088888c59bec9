import { describe, expect, it } from "vitest";
import { score, scoreTone } from "./score-value";

describe("score", () => {
  it("is upvotes minus downvotes, green from 0, red when negative", () => {
    expect(score({ upvotes: 5, downvotes: 1 })).toBe(4);
    expect(score({ upvotes: 1, downvotes: 3 })).toBe(-2);
    expect(scoreTone(0)).toBe("positive");
    expect(scoreTone(3)).toBe("positive");
    expect(scoreTone(-1)).toBe("negative");
  });
});
