import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { UserSuggestion } from "@/types/api";
import type { SuggestionStatus } from "./set-suggestion-status";

function sortNewestFirst(suggestions: readonly UserSuggestion[]): UserSuggestion[] {
  const time = (value: string) => {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? 0 : parsed;
  };
  return [...suggestions].sort((a, b) => time(b.timestamp) - time(a.timestamp));
}

/** General suggestions, newest first: all of them, or those with one status. */
export function getUserSuggestions(status?: SuggestionStatus, signal?: AbortSignal): Promise<UserSuggestion[]> {
  return api
    .get<{ suggestions: UserSuggestion[] }>("/admin/suggestions", { signal, query: { status } })
    .then((data) => sortNewestFirst(data.suggestions ?? []));
}

export function useUserSuggestions(status?: SuggestionStatus) {
  return useQuery({
    queryKey: [...queryKeys.userSuggestions, status ?? "all"],
    queryFn: ({ signal }) => getUserSuggestions(status, signal),
    staleTime: 0,
  });
}
