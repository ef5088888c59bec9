import { z } from "zod";
import { api } from "@/lib/api-client";
import type { VoteResult, VoteType } from "@/types/api";

export type VoteTarget = "post" | "comment";

export const voteSchema = z.object({ voteType: z.enum(["up", "down", "none"]) });

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

/** POST /api/posts/{id}/vote or /api/comments/{id}/vote. */
export function castVote(target: VoteTarget, id: number | string, voteType: VoteType): Promise<VoteResult> {
  const body = voteSchema.parse({ voteType });
  return api.post<VoteResult>(`/api/${target === "post" ? "posts" : "comments"}/${id}/vote`, body);
}
