import type { suggestionReviewedAnswer } from "@shared/api/admin-suggestions.ts";
import type { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { rejectionBody } from "../utils/rejection-body";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

// admin-suggestions.ts exports no type for this answer.
type SuggestionReviewedAnswer = z.infer<typeof suggestionReviewedAnswer>;

/** POST /api/admin/suggestions/{id}/reject: turns an edit suggestion down, with the reason its author is shown (if any). */
export function rejectEditSuggestion({ id, reason }: { id: number; reason?: string }): Promise<SuggestionReviewedAnswer> {
  return api.post<SuggestionReviewedAnswer>(`/admin/suggestions/${id}/reject`, rejectionBody(reason));
}

export function useRejectEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectEditSuggestion> } = {}) {
  return useModerationMutation(rejectEditSuggestion, mutationConfig);
}
