import { describe, expect, it } from "vitest";
import { applyVote, nextVote } from "./vote-counts";

describe("vote counts (SPEC §4)", () => {
  it("the same vote again clears it", () => {
    expect(nextVote("none", "up")).toBe("up");
    expect(nextVote("up", "up")).toBe("none");
    expect(nextVote("up", "down")).toBe("down");
    expect(nextVote("down", "down")).toBe("none");
  });
  it("adjusts the counts at once", () => {
    expect(applyVote({ upvotes: 2, downvotes: 1, userVote: "none" }, "up")).toEqual({ upvotes: 3, downvotes: 1, userVote: "up" });
    expect(applyVote({ upvotes: 3, downvotes: 1, userVote: "up" }, "down")).toEqual({ upvotes: 2, downvotes: 2, userVote: "down" });
    expect(applyVote({ upvotes: 2, downvotes: 2, userVote: "down" }, "none")).toEqual({ upvotes: 2, downvotes: 1, userVote: "none" });
  });
});
