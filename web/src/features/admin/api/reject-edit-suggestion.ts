import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { rejectionBody } from "../utils/rejection-body";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

/** POST /api/admin/suggestions/{id}/reject: turns an edit suggestion down, with the reason its author is shown (if any). */
export function rejectEditSuggestion({ id, reason }: { id: number; reason?: string }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/suggestions/${id}/reject`, rejectionBody(reason));
}

export function useRejectEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectEditSuggestion> } = {}) {
  return useModerationMutation(rejectEditSuggestion, mutationConfig);
}
