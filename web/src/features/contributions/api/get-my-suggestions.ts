import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MySuggestion } from "../types";

/** GET /api/me/suggestions: the signed-in user's own general suggestions, newest first. */
export function getMySuggestions(signal?: AbortSignal): Promise<MySuggestion[]> {
  return api.get<{ suggestions: MySuggestion[] }>("/me/suggestions", { signal }).then((data) => data.suggestions);
}

export const mySuggestionsQueryOptions = (viewer: Viewer) =>
  queryOptions({ queryKey: queryKeys.mySuggestions(viewer), queryFn: ({ signal }) => getMySuggestions(signal), staleTime: 0 });

export function useMySuggestions(viewer: Viewer) {
  return useQuery(mySuggestionsQueryOptions(viewer));
}
