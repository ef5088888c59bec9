import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/hooks/use-time-zone";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostSearchPage } from "@/types/api";
import type { PostFilters } from "../utils/filters";
import { PAGE_SIZE, postPaging } from "../utils/post-pages";
import { allPostsQuery, allPostsUrl, upcomingQuery, UPCOMING_FIRST_PAGE_SIZE, type AllPostsQuery } from "./request-urls";

/** GET /api/posts/all: one page of the filtered list, from `cursor` on (the first with the count of a search); a visitor's first pages come from index.html's early request. */
export function getAllPosts(
  query: AllPostsQuery,
  cursor: string | undefined,
  timeZone: string,
  signal?: AbortSignal,
  limit = PAGE_SIZE,
): Promise<PostSearchPage> {
  const url = allPostsUrl(query, limit, cursor, timeZone);
  return withPrefetched(url, () => api.get<PostSearchPage>(url, { signal }));
}

const allPostsOptions = (query: AllPostsQuery, viewer: Viewer, timeZone: string, firstPageSize = PAGE_SIZE) =>
  infiniteQueryOptions({
    ...postPaging,
    queryKey: queryKeys.allPosts(query, viewer, timeZone),
    queryFn: ({ pageParam, signal }) => getAllPosts(query, pageParam, timeZone, signal, pageParam ? PAGE_SIZE : firstPageSize),
    enabled: isKnownViewer(viewer),
    // A new filter (or the visitor's time zone after hydration) keeps the list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });

/** The list of allPostsQuery (request-urls.ts), page by page. */
export const allPostsQueryOptions = (filters: PostFilters, viewer: Viewer, timeZone: string) => allPostsOptions(allPostsQuery(filters), viewer, timeZone);

/** The events to come of upcomingQuery (request-urls.ts), a few at first. */
export const upcomingPostsQueryOptions = (filters: PostFilters, viewer: Viewer, timeZone: string) =>
  allPostsOptions(upcomingQuery(filters), viewer, timeZone, UPCOMING_FIRST_PAGE_SIZE);

export function useAllPosts(filters: PostFilters, viewer: Viewer) {
  return useInfiniteQuery(allPostsQueryOptions(filters, viewer, useTimeZone()));
}

/** Only asked for where the list shows upcoming events apart (newest first). */
export function useUpcomingPosts(filters: PostFilters, viewer: Viewer, enabled: boolean) {
  const options = upcomingPostsQueryOptions(filters, viewer, useTimeZone());
  return useInfiniteQuery({ ...options, enabled: options.enabled && enabled });
}
