import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { PostFieldChanges } from "@/lib/post-fields-changes";
import { editSuggestionBody } from "@/lib/post-fields-wire";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { z } from "@/lib/zod";

export const NO_CHANGES_MESSAGE = "You haven't made any changes.";
export const NO_SUMMARY_MESSAGE = "Please provide a brief summary of your edits.";
export const SUGGESTION_SUCCESS_MESSAGE = "Your suggestion has been submitted for review. Thank you!";
export const SUGGESTION_TOAST_MS = 5000;

/** Step 2: the summary, required after trimming (SPEC §5). */
export const summarySchema = z.string().transform((value) => value.trim()).pipe(z.string().min(1, NO_SUMMARY_MESSAGE));

export type EditSuggestionInput = { postId: number; changes: PostFieldChanges; summary: string };

/** POST /api/posts/{id}/suggestions with the changed fields only. */
export async function submitEditSuggestion({ postId, changes, summary }: EditSuggestionInput): Promise<void> {
  await api.post(`/api/posts/${postId}/suggestions`, editSuggestionBody(changes, summarySchema.parse(summary)));
}

/** Sends a suggestion; the admins' list of pending suggestions is refetched. */
export function useSubmitEditSuggestion({ mutationConfig }: { mutationConfig?: MutationConfig<typeof submitEditSuggestion> } = {}) {
  return useMutationWithCacheWork(submitEditSuggestion, refetchKeys(() => [queryKeys.pendingEditSuggestions]), mutationConfig);
}
