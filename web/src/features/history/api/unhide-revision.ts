import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { type RevisionVisibilityAnswer, useRevisionVisibility } from "../hooks/use-revision-visibility";

/** POST /api/admin/revisions/{id}/unhide: everyone sees the revision's fields and reason again. */
export function unhideRevision({ revisionId }: { revisionId: number }): Promise<RevisionVisibilityAnswer> {
  return api.post<RevisionVisibilityAnswer>(`/admin/revisions/${revisionId}/unhide`);
}

export function useUnhideRevision({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unhideRevision> } = {}) {
  return useRevisionVisibility(unhideRevision, mutationConfig);
}
