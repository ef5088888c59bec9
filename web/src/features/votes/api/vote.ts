import { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import type { VoteResult, VoteType } from "@/types/api";

export type VoteTarget = "post" | "comment";

export const voteSchema = z.object({ voteType: z.enum(["up", "down", "none"]) });

/** POST /api/posts/{id}/vote or /api/comments/{id}/vote. */
export function castVote(target: VoteTarget, id: number | string, voteType: VoteType): Promise<VoteResult> {
  const body = voteSchema.parse({ voteType });
  return api.post<VoteResult>(`/api/${target === "post" ? "posts" : "comments"}/${id}/vote`, body);
}
