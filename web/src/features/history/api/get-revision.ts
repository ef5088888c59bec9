import type { RevisionComparison } from "@shared/api/revisions.ts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
/** A post's fields as a revision keeps them; null while an admin hides them, except in an admin's read. */
export type { RevisionComparison, RevisionFields, RevisionWithFields } from "@shared/api/revisions.ts";

/**
 * GET /api/posts/{id}/revisions/{revisionId}, the same for everyone; with
 * `withHiddenContent` (admins) GET /api/admin/revisions/{revisionId}, which
 * also gives the content an admin hid.
 */
export function getRevision(postId: string, revisionId: string, options: { withHiddenContent?: boolean; signal?: AbortSignal } = {}) {
  const { withHiddenContent = false, signal } = options;
  const path = withHiddenContent
    ? `/api/admin/revisions/${encodeURIComponent(revisionId)}`
    : `/api/posts/${encodeURIComponent(postId)}/revisions/${encodeURIComponent(revisionId)}`;
  return api.get<RevisionComparison>(path, { signal });
}

/**
 * A revision changes only when an admin hides its content or shows it again,
 * which refetches it in that admin's session: once read, one is kept for the
 * session.
 */
export function useRevision(postId: string, revisionId: string | null, viewer: Viewer, withHiddenContent = false) {
  return useQuery({
    queryKey: withHiddenContent
      ? queryKeys.postRevisionWithHiddenContent(postId, revisionId ?? "", viewer)
      : queryKeys.postRevision(postId, revisionId ?? "", viewer),
    queryFn: ({ signal }) => getRevision(postId, revisionId!, { withHiddenContent, signal }),
    enabled: revisionId !== null && isKnownViewer(viewer),
    staleTime: Infinity,
  });
}
