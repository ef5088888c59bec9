import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation, type ModerationAnswer } from "./use-moderation-mutation";

/** POST /api/admin/posts/{id}/reject: turns a pending post down. */
export function rejectPost({ id }: { id: number }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/posts/${id}/reject`);
}

export function useRejectPost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectPost> } = {}) {
  return useModerationMutation(rejectPost, mutationConfig);
}
