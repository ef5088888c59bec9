import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostPage } from "@/types/api";
import { browserTimeZone } from "../utils/display";
import { filtersToQuery, type PostFilters } from "../utils/filters";
import { PAGE_SIZE, postPaging } from "./post-pages";

type AllPostsQuery = ReturnType<typeof filtersToQuery>;

/** GET /api/posts/all: one page of the filtered list, from `cursor` on (the first page without one). */
export function getAllPosts(query: AllPostsQuery, cursor: string | undefined, signal?: AbortSignal): Promise<PostPage> {
  return api.get<PostPage>("/api/posts/all", { query: { ...query, limit: PAGE_SIZE, cursor, tz: browserTimeZone() }, signal });
}

export const allPostsQueryOptions = (filters: PostFilters, viewer: Viewer) => {
  const query = filtersToQuery(filters);
  return infiniteQueryOptions({
    ...postPaging,
    queryKey: queryKeys.allPosts(query, viewer),
    queryFn: ({ pageParam, signal }) => getAllPosts(query, pageParam, signal),
    enabled: isKnownViewer(viewer),
    // A new filter keeps the list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
};

export function useAllPosts(filters: PostFilters, viewer: Viewer) {
  return useInfiniteQuery(allPostsQueryOptions(filters, viewer));
}
