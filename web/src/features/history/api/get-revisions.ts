import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { Revision } from "./types";

export type RevisionPage = {
  post: { id: number; title: string };
  /** Newest first, each with the fields it changed. */
  revisions: (Revision & { changed_fields: string[] })[];
  nextCursor: string | null;
};

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
