import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { rejectionBody } from "./rejection-body";
import { useModerationMutation, type ModerationAnswer } from "./use-moderation-mutation";

/** POST /api/admin/posts/{id}/reject: turns a pending post down, with the reason its author is shown (if any). */
export function rejectPost({ id, reason }: { id: number; reason?: string }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/posts/${id}/reject`, rejectionBody(reason));
}

export function useRejectPost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectPost> } = {}) {
  return useModerationMutation(rejectPost, mutationConfig);
}
