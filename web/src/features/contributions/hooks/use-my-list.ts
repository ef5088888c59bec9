import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A page of one of the /api/me lists: newest first, `nextCursor` null on the last. */
type MyListPage<Field extends string, Item> = { [key in Field]: Item[] } & { nextCursor: string | null };

/**
 * One of the /api/me lists, a page at a time ("Show more"): the items shown so
 * far, flattened, and what the list needs to ask for the next page.
 */
export function useMyList<Field extends string, Item>(queryKey: QueryKey, path: string, field: Field) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ signal, pageParam }) => api.get<MyListPage<Field, Item>>(path, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page[field]) };
}
