import type { Revision, RevisionKind, RevisionPage } from "@shared/api/revisions.ts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";

/** How a revision came about; one entry of a post's history; a page of it, newest first (GET /api/posts/{id}/revisions). */
export type { Revision, RevisionKind, RevisionPage };

const pageSize = 20;

/** GET /api/posts/{id}/revisions: one page of a post's history, newest first. */
export function getRevisions(postId: string, cursor?: string, signal?: AbortSignal): Promise<RevisionPage> {
  return api.get<RevisionPage>(`/api/posts/${encodeURIComponent(postId)}/revisions`, { query: { limit: pageSize, cursor }, signal });
}

/** A post's history, a page at a time ("Show older revisions"). */
export function useRevisions(postId: string, viewer: Viewer) {
  return useInfiniteQuery({
    queryKey: queryKeys.postRevisions(postId, viewer),
    queryFn: ({ signal, pageParam }) => getRevisions(postId, pageParam || undefined, signal),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isKnownViewer(viewer),
  });
}
