import type { VoteType } from "@/types/api";

/** SPEC §4: clicking the same vote again clears it. */
export function nextVote(current: VoteType, clicked: "up" | "down"): VoteType {
  return current === clicked ? "none" : clicked;
}

export type VoteCounts = { upvotes: number; downvotes: number; userVote: VoteType };

/** The counts after changing the user's vote, shown at once (before the server answers). */
export function applyVote(counts: VoteCounts, next: VoteType): VoteCounts {
  let { upvotes, downvotes } = counts;
  if (counts.userVote === "up") upvotes -= 1;
  if (counts.userVote === "down") downvotes -= 1;
  if (next === "up") upvotes += 1;
  if (next === "down") downvotes += 1;
  return { upvotes: Math.max(0, upvotes), downvotes: Math.max(0, downvotes), userVote: next };
}
