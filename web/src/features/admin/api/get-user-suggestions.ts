import type { SuggestionBoxPage } from "@shared/api/admin-suggestions.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";
import type { SuggestionStatus } from "./set-suggestion-status";

/** A page of the suggestion box, newest first; `total` counts every suggestion with that status, not only this page's. */
export type UserSuggestionsPage = SuggestionBoxPage;

const USER_SUGGESTIONS_PAGE = 20;

/** General suggestions, newest first: all of them, or those with one status. */
export function getUserSuggestions(status: SuggestionStatus | undefined, cursor: string | null, signal?: AbortSignal): Promise<UserSuggestionsPage> {
  return api.get<UserSuggestionsPage>("/admin/suggestions", { signal, query: { status, limit: USER_SUGGESTIONS_PAGE, cursor } });
}

/** The box a page at a time (Load more); marking one reviewed refetches the pages shown (useModerationMutation). */
export function useUserSuggestions(status?: SuggestionStatus) {
  return useAdminPages([...queryKeys.userSuggestions, status ?? "all"], (cursor, signal) => getUserSuggestions(status, cursor, signal));
}
