import type { PendingEditSuggestionsPage } from "@shared/api/admin-suggestions.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

/** A page of the edit-suggestion queue, oldest first; `total` counts every pending suggestion, not only this page's. */
export type { PendingEditSuggestionsPage };

const PENDING_EDIT_SUGGESTIONS_PAGE = 20;

export function getPendingEditSuggestions(cursor: string | null, signal?: AbortSignal): Promise<PendingEditSuggestionsPage> {
  return api.get<PendingEditSuggestionsPage>("/admin/suggestions/pending", {
    signal,
    query: { limit: PENDING_EDIT_SUGGESTIONS_PAGE, cursor },
  });
}

/** The queue a page at a time (Load more); approving or rejecting refetches the pages shown (useModerationMutation). */
export function usePendingEditSuggestions() {
  return useAdminPages(queryKeys.pendingEditSuggestions, getPendingEditSuggestions);
}
