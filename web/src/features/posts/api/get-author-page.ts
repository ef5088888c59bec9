import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { AuthorPage } from "@/types/api";
import { authorPageUrl } from "./request-urls";

/** GET /api/authors/{id}: the author and one page of their published posts, from `cursor` on; a visitor's first page comes from index.html's early request. */
export function getAuthorPage(authorId: string, cursor: string | undefined, signal?: AbortSignal): Promise<AuthorPage> {
  const url = authorPageUrl(authorId, cursor);
  return withPrefetched(url, () => api.get<AuthorPage>(url, { signal }));
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
