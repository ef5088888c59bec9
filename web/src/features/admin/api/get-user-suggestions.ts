import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { UserSuggestion } from "@/types/api";

function sortNewestFirst(suggestions: readonly UserSuggestion[]): UserSuggestion[] {
  const time = (value: string) => {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? 0 : parsed;
  };
  return [...suggestions].sort((a, b) => time(b.timestamp) - time(a.timestamp));
}

/** General suggestions, newest first. */
export function getUserSuggestions(signal?: AbortSignal): Promise<UserSuggestion[]> {
  return api.get<{ suggestions: UserSuggestion[] }>("/admin/suggestions", { signal }).then((data) => sortNewestFirst(data.suggestions ?? []));
}

export function useUserSuggestions() {
  return useQuery({ queryKey: queryKeys.userSuggestions, queryFn: ({ signal }) => getUserSuggestions(signal), staleTime: 0 });
}
