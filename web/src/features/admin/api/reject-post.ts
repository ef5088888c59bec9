import type { DoneAnswer } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { rejectionBody } from "../utils/rejection-body";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/**
 * POST /api/admin/posts/{id}/reject: turns a pending post down, with the reason its author is shown (if any).
 * With the version the review showed, a post changed since (by its author, say) is refused (409), as on approval.
 */
export function rejectPost({ id, reason, version }: { id: number; reason?: string; version?: string }): Promise<DoneAnswer> {
  const body = rejectionBody(reason);
  return api.post<DoneAnswer>(`/admin/posts/${id}/reject`, version ? { ...body, version } : body);
}

export function useRejectPost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectPost> } = {}) {
  return useModerationMutation(rejectPost, mutationConfig);
}
