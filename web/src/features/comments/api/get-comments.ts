import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { CommentPage, CommentSort } from "@/types/api";

/** GET /api/posts/{id}/comments: a page of the thread, from `cursor` on (the first page without one). */
export function getComments(postId: number | string, sort: CommentSort, cursor: string | undefined, signal?: AbortSignal): Promise<CommentPage> {
  return api.get<CommentPage>(`/api/posts/${encodeURIComponent(String(postId))}/comments`, { query: { sort, cursor }, signal });
}

export const commentsQueryOptions = (postId: number | string, sort: CommentSort, viewer: Viewer) =>
  infiniteQueryOptions({
    queryKey: queryKeys.comments(postId, sort, viewer),
    queryFn: ({ pageParam, signal }) => getComments(postId, sort, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
    enabled: isKnownViewer(viewer),
  });

/** A post's comments, a page at a time ("Show more comments" asks for the next). */
export function useComments(postId: number | string, sort: CommentSort, viewer: Viewer) {
  return useInfiniteQuery(commentsQueryOptions(postId, sort, viewer));
}
