import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { z } from "@/lib/zod";

export const SUGGESTION_MAX_LENGTH = 500;

/** SPEC §5: required, non-empty after trimming, at most 500 characters, trimmed before sending. */
export const suggestionSchema = z.object({
  suggestion: z
    .string()
    .max(SUGGESTION_MAX_LENGTH, `At most ${SUGGESTION_MAX_LENGTH} characters`)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "Please write a suggestion")),
});
export type SuggestionInput = z.input<typeof suggestionSchema>;

/** POST /api/suggestions; success is judged by the HTTP status only (SPEC §7). */
export async function sendSuggestion(input: SuggestionInput): Promise<void> {
  const { suggestion } = suggestionSchema.parse(input);
  await api.post("/api/suggestions", { suggestion });
}

/** Sends a general suggestion; nothing cached shows suggestions to their author, so nothing is refetched. */
export function useSendSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendSuggestion> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendSuggestion });
}
