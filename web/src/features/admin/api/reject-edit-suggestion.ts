import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation, type ModerationAnswer } from "./use-moderation-mutation";

/** POST /api/admin/suggestions/{id}/reject: turns an edit suggestion down. */
export function rejectEditSuggestion({ id }: { id: number }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/suggestions/${id}/reject`);
}

export function useRejectEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectEditSuggestion> } = {}) {
  return useModerationMutation(rejectEditSuggestion, mutationConfig);
}
