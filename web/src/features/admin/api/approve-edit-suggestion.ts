import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

/** POST /api/admin/suggestions/{id}/approve: applies an edit suggestion to its post. */
export function approveEditSuggestion({ id }: { id: number }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/suggestions/${id}/approve`);
}

export function useApproveEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approveEditSuggestion> } = {}) {
  return useModerationMutation(approveEditSuggestion, mutationConfig);
}
