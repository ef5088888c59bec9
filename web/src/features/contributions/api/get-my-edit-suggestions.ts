import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MyEditSuggestion } from "../types";
import { useMyList } from "../hooks/use-my-list";

/** GET /api/me/edit-suggestions: the signed-in user's own edit suggestions, newest first, a page at a time. */
export function useMyEditSuggestions(viewer: Viewer) {
  return useMyList<"suggestions", MyEditSuggestion>(queryKeys.myEditSuggestions(viewer), "/me/edit-suggestions", "suggestions");
}
