import type { RevisionHiddenAnswer } from "@shared/api/admin-revisions.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useRevisionVisibility } from "../hooks/use-revision-visibility";

export type HideRevisionInput = { revisionId: number; reason: string };

/** POST /api/admin/revisions/{id}/hide; the server refuses a blank reason, the latest revision and a hidden one with its message. */
export function hideRevision({ revisionId, reason }: HideRevisionInput): Promise<RevisionHiddenAnswer> {
  return api.post<RevisionHiddenAnswer>(`/admin/revisions/${revisionId}/hide`, { reason });
}

export function useHideRevision({ mutationConfig }: { mutationConfig?: MutationConfig<typeof hideRevision> } = {}) {
  return useRevisionVisibility(hideRevision, mutationConfig);
}
