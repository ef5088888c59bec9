import type { suggestionReviewedAnswer } from "@shared/api/admin-suggestions.ts";
import type { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

// admin-suggestions.ts exports no type for this answer.
type SuggestionReviewedAnswer = z.infer<typeof suggestionReviewedAnswer>;

/** POST /api/admin/suggestions/{id}/approve: applies an edit suggestion to its post. */
export function approveEditSuggestion({ id }: { id: number }): Promise<SuggestionReviewedAnswer> {
  return api.post<SuggestionReviewedAnswer>(`/admin/suggestions/${id}/approve`);
}

export function useApproveEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approveEditSuggestion> } = {}) {
  return useModerationMutation(approveEditSuggestion, mutationConfig);
}
