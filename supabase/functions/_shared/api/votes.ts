import { z } from "zod";

/** The caller's own vote on a post or comment ("none" for visitors and for no vote). */
export const userVote = z.enum(["up", "down", "none"]).meta({ id: "UserVote", example: "up" });

/** POST /api/posts/{id}/vote and /api/comments/{id}/vote: up, down, or none to take one's vote back. */
export const voteRequest = z
  .object({
    voteType: z.enum(["up", "down", "none"], { error: "voteType must be up, down or none." }),
  })
  .meta({ id: "VoteRequest", example: { voteType: "up" } });

/** The item's counters after the vote, and the vote now cast. */
export const voteResult = z
  .object({
    upvotes: z.number().int().nonnegative(),
    downvotes: z.number().int().nonnegative(),
    user_vote: userVote,
  })
  .meta({ id: "VoteResult", example: { upvotes: 4, downvotes: 1, user_vote: "up" } });

export type UserVote = z.infer<typeof userVote>;
export type VoteRequest = z.infer<typeof voteRequest>;
export type VoteResult = z.infer<typeof voteResult>;
