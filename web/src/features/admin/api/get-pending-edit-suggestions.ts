import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { EditSuggestion } from "@/types/api";

export function getPendingEditSuggestions(signal?: AbortSignal): Promise<EditSuggestion[]> {
  return api.get<{ suggestions: EditSuggestion[] }>("/admin/suggestions/pending", { signal }).then((data) => data.suggestions ?? []);
}

export function usePendingEditSuggestions() {
  return useQuery({ queryKey: queryKeys.pendingEditSuggestions, queryFn: ({ signal }) => getPendingEditSuggestions(signal), staleTime: 0 });
}
