import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { AuthorPage } from "@/types/api";
import { PAGE_SIZE } from "../utils/post-pages";

/** GET /api/authors/{id}: the author and one page of their published posts, from `cursor` on. */
export function getAuthorPage(authorId: string, cursor: string | undefined, signal?: AbortSignal): Promise<AuthorPage> {
  return api.get<AuthorPage>(`/api/authors/${encodeURIComponent(authorId)}`, { query: { limit: PAGE_SIZE, cursor }, signal });
}

export const authorPageQueryOptions = (authorId: string, viewer: Viewer) =>
  infiniteQueryOptions({
    queryKey: queryKeys.authorPage(authorId, viewer),
    queryFn: ({ pageParam, signal }) => getAuthorPage(authorId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuthorPage) => last.nextCursor ?? undefined,
    enabled: isKnownViewer(viewer),
  });

export function useAuthorPage(authorId: string, viewer: Viewer) {
  return useInfiniteQuery(authorPageQueryOptions(authorId, viewer));
}
