import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { MySuggestion } from "../types";
import { useMyList } from "../hooks/use-my-list";

/** GET /api/me/suggestions: the signed-in user's own general suggestions, newest first, a page at a time. */
export function useMySuggestions(viewer: Viewer) {
  return useMyList<"suggestions", MySuggestion>(queryKeys.mySuggestions(viewer), "/me/suggestions", "suggestions");
}
