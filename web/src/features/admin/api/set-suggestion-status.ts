import type { SuggestionStatusAnswer } from "@shared/api/admin-suggestions.ts";
import { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** The statuses an admin sets on a general suggestion: new until read, then reviewed. */
export const suggestionStatuses = ["new", "reviewed"] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

export const setSuggestionStatusSchema = z.object({ id: z.uuid(), status: z.enum(suggestionStatuses) });
export type SetSuggestionStatusInput = z.infer<typeof setSuggestionStatusSchema>;

/** PATCH /api/admin/suggestions/{id}: marks a general suggestion reviewed, or new again. */
export function setSuggestionStatus(input: SetSuggestionStatusInput): Promise<SuggestionStatusAnswer> {
  const { id, status } = setSuggestionStatusSchema.parse(input);
  return api.patch<SuggestionStatusAnswer>(`/admin/suggestions/${id}`, { status });
}

export function useSetSuggestionStatus({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setSuggestionStatus> } = {}) {
  return useModerationMutation(setSuggestionStatus, mutationConfig);
}
