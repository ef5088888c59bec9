/**
 * The addresses the post fetchers ask for. Light on purpose (no client, no
 * React): index.html's early data request is built from these functions
 * (src/app/early-requests.ts), so it asks for exactly what the page will.
 * The time zone is a parameter: the early request passes the browser's, the
 * hooks the one the page renders in (hooks/use-time-zone.ts).
 */
import { apiUrl } from "@/lib/api-url";
import { filtersToQuery, isSearching, sortOf, type PostFilters } from "../utils/filters";
import { PAGE_SIZE } from "../utils/post-pages";
import type { TimelineScope } from "../utils/timeline-scope";

export type AllPostsQuery = ReturnType<typeof filtersToQuery> & {
  /** Start a list by date at the present: newest first, what has happened; oldest first, what is upcoming. */
  from?: "now";
};

/** Upcoming events shown before the newest posts: few, so the newest stay near the top; more on request. */
export const UPCOMING_FIRST_PAGE_SIZE = 5;

/** The list the sort asks for. Newest first starts at the present where events to come are listed apart (upcomingQuery). */
export const allPostsQuery = (filters: PostFilters): AllPostsQuery => ({
  ...filtersToQuery(filters),
  ...(showsUpcomingApart(filters) ? { from: "now" as const } : {}),
});

/** Posts dated after now (events to come) with the same search, date and tags, soonest first. */
export const upcomingQuery = (filters: PostFilters): AllPostsQuery => ({ ...filtersToQuery(filters), sort: "oldest", from: "now" });

/**
 * Whether the list shows upcoming events apart (newest first): a second
 * request beside the list's. Not while searching: the results come first.
 */
export const showsUpcomingApart = (filters: PostFilters) => sortOf(filters) === "newest" && !isSearching(filters);

/** GET /api/posts?tz=: Home's groups, "today" being the day in `timeZone`. */
export const homePostsUrl = (timeZone: string) => apiUrl("/api/posts", { tz: timeZone });

/** GET /api/posts/{id}: a post with its info boxes. */
export const postUrl = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

/** GET /api/posts/all: one page of the filtered list, from `cursor` on (the first page without one). */
export const allPostsUrl = (query: AllPostsQuery, limit: number, cursor: string | undefined, timeZone: string) =>
  apiUrl("/api/posts/all", { ...query, limit, cursor, tz: timeZone });

/** The first pages All posts asks for with these filters: the list's, and the upcoming events' when shown apart. */
export function allPostsFirstUrls(filters: PostFilters, timeZone: string): string[] {
  const list = allPostsUrl(allPostsQuery(filters), PAGE_SIZE, undefined, timeZone);
  return showsUpcomingApart(filters) ? [list, allPostsUrl(upcomingQuery(filters), UPCOMING_FIRST_PAGE_SIZE, undefined, timeZone)] : [list];
}

/** Where a timeline page starts: the top (or the view's month), after a page (`cursor`), or above one (`newer`). */
export type TimelinePageParam = { cursor?: string; newer?: string };

/** GET /api/timeline: one page of the timeline, of one type or all; a month opens only the first page, the others go on from a cursor. */
export function timelineUrl(view: TimelineScope, page: TimelinePageParam, timeZone: string): string {
  const from = page.cursor || page.newer ? undefined : view.from;
  return apiUrl("/api/timeline", { limit: PAGE_SIZE, type: view.type, from, cursor: page.cursor, newer: page.newer, tz: timeZone });
}

/** GET /api/timeline/months: the months that have posts (of one type). */
export const timelineMonthsUrl = (type: string | undefined, timeZone: string) => apiUrl("/api/timeline/months", { type, tz: timeZone });

/** GET /api/authors/{id}: the author and one page of their published posts, from `cursor` on. */
export const authorPageUrl = (authorId: string, cursor?: string) =>
  apiUrl(`/api/authors/${encodeURIComponent(authorId)}`, { limit: PAGE_SIZE, cursor });
