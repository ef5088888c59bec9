import type { RevisionHiddenAnswer } from "@shared/api/admin-revisions.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useRevisionVisibility } from "../hooks/use-revision-visibility";

/** POST /api/admin/revisions/{id}/unhide: everyone sees the revision's fields and reason again. */
export function unhideRevision({ revisionId }: { revisionId: number }): Promise<RevisionHiddenAnswer> {
  return api.post<RevisionHiddenAnswer>(`/admin/revisions/${revisionId}/unhide`);
}

export function useUnhideRevision({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unhideRevision> } = {}) {
  return useRevisionVisibility(unhideRevision, mutationConfig);
}
