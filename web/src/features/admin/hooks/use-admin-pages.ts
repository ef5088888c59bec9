import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";

/**
 * An admin list a page at a time (Load more), after the cursor of the page
 * before it. Never fresh from the cache: another admin may have acted since.
 */
export function useAdminPages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  getPage: (cursor: string | null, signal?: AbortSignal) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPage(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
