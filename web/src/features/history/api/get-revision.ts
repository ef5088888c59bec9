import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { RevisionWithFields } from "./types";

/** A revision and the one before it (null for the first), to diff. */
export type RevisionComparison = { revision: RevisionWithFields; previous: RevisionWithFields | null };

/** GET /api/posts/{id}/revisions/{revisionId}. */
export function getRevision(postId: string, revisionId: string, signal?: AbortSignal): Promise<RevisionComparison> {
  return api.get<RevisionComparison>(`/api/posts/${encodeURIComponent(postId)}/revisions/${encodeURIComponent(revisionId)}`, { signal });
}

/** Revisions never change: once read, one is kept for the session. */
export function useRevision(postId: string, revisionId: string | null, viewer: Viewer) {
  return useQuery({
    queryKey: queryKeys.postRevision(postId, revisionId ?? "", viewer),
    queryFn: ({ signal }) => getRevision(postId, revisionId!, signal),
    enabled: revisionId !== null && isKnownViewer(viewer),
    staleTime: Infinity,
  });
}
