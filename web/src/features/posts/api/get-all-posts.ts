import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostPage } from "@/types/api";
import { browserTimeZone } from "../utils/display";
import { filtersToQuery, type PostFilters } from "../utils/filters";
import { PAGE_SIZE, postPaging } from "../utils/post-pages";

type AllPostsQuery = ReturnType<typeof filtersToQuery> & {
  /** Start a list by date at the present: newest first, what has happened; oldest first, what is upcoming. */
  from?: "now";
};

/** Upcoming events shown before the newest posts: few, so the newest stay near the top; more on request. */
const UPCOMING_FIRST_PAGE_SIZE = 5;

/** GET /api/posts/all: one page of the filtered list, from `cursor` on (the first page without one). */
export function getAllPosts(query: AllPostsQuery, cursor: string | undefined, signal?: AbortSignal, limit = PAGE_SIZE): Promise<PostPage> {
  return api.get<PostPage>("/api/posts/all", { query: { ...query, limit, cursor, tz: browserTimeZone() }, signal });
}

const allPostsOptions = (query: AllPostsQuery, viewer: Viewer, firstPageSize = PAGE_SIZE) =>
  infiniteQueryOptions({
    ...postPaging,
    queryKey: queryKeys.allPosts(query, viewer),
    queryFn: ({ pageParam, signal }) => getAllPosts(query, pageParam, signal, pageParam ? PAGE_SIZE : firstPageSize),
    enabled: isKnownViewer(viewer),
    // A new filter keeps the list on screen until its answer comes.
    placeholderData: keepPreviousData,
  });

/**
 * The list the sort asks for. Newest first starts at the present: events to
 * come are not the newest posts, they are listed apart (upcomingPostsQueryOptions).
 */
export const allPostsQueryOptions = (filters: PostFilters, viewer: Viewer) =>
  allPostsOptions({ ...filtersToQuery(filters), ...(filters.sort === "newest" ? { from: "now" } : {}) }, viewer);

/** Posts dated after now (events to come) with the same search, date and tags, soonest first. */
export const upcomingPostsQueryOptions = (filters: PostFilters, viewer: Viewer) =>
  allPostsOptions({ ...filtersToQuery(filters), sort: "oldest", from: "now" }, viewer, UPCOMING_FIRST_PAGE_SIZE);

export function useAllPosts(filters: PostFilters, viewer: Viewer) {
  return useInfiniteQuery(allPostsQueryOptions(filters, viewer));
}

/** Only asked for where the list shows upcoming events apart (newest first). */
export function useUpcomingPosts(filters: PostFilters, viewer: Viewer, enabled: boolean) {
  const options = upcomingPostsQueryOptions(filters, viewer);
  return useInfiniteQuery({ ...options, enabled: options.enabled && enabled });
}
