import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MyEditSuggestion } from "../types";

/** GET /api/me/edit-suggestions: the signed-in user's own edit suggestions, newest first. */
export function getMyEditSuggestions(signal?: AbortSignal): Promise<MyEditSuggestion[]> {
  return api.get<{ suggestions: MyEditSuggestion[] }>("/me/edit-suggestions", { signal }).then((data) => data.suggestions);
}

export const myEditSuggestionsQueryOptions = (viewer: Viewer) =>
  queryOptions({ queryKey: queryKeys.myEditSuggestions(viewer), queryFn: ({ signal }) => getMyEditSuggestions(signal), staleTime: 0 });

export function useMyEditSuggestions(viewer: Viewer) {
  return useQuery(myEditSuggestionsQueryOptions(viewer));
}
