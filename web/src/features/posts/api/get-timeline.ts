import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { TimelinePage } from "@/types/api";
import { browserTimeZone } from "../utils/display";
import type { TimelineScope } from "../utils/timeline-scope";
import { PAGE_SIZE } from "../utils/post-pages";

/** Where a page starts: the top (or the view's month), after a page (`cursor`), or above one (`newer`). */
export type TimelinePageParam = { cursor?: string; newer?: string };

/** GET /api/timeline: one page of the timeline, of one type or all, opened at a month or at the top. */
export function getTimeline(view: TimelineScope, page: TimelinePageParam): Promise<TimelinePage> {
  // A month opens only the first page; the others go on from a cursor.
  const from = page.cursor || page.newer ? undefined : view.from;
  return api.get<TimelinePage>("/api/timeline", {
    query: { limit: PAGE_SIZE, type: view.type, from, cursor: page.cursor, newer: page.newer, tz: browserTimeZone() },
  });
}

/**
 * The timeline a page at a time, both ways: older pages below (`fetchNextPage`),
 * and when it was opened at a month, newer ones above (`fetchPreviousPage`).
 * No abort signal: a page asked for is kept even when the screen goes, so
 * coming back (or React's second mount in development) does not ask again.
 */
export const timelineQueryOptions = (viewer: Viewer, view: TimelineScope) =>
  infiniteQueryOptions({
    queryKey: queryKeys.timeline(viewer, view),
    queryFn: ({ pageParam }) => getTimeline(view, pageParam),
    initialPageParam: {} as TimelinePageParam,
    getNextPageParam: (last: TimelinePage): TimelinePageParam | undefined => (last.nextCursor ? { cursor: last.nextCursor } : undefined),
    getPreviousPageParam: (first: TimelinePage): TimelinePageParam | undefined => (first.newerCursor ? { newer: first.newerCursor } : undefined),
    enabled: isKnownViewer(viewer),
  });

export function useTimeline(viewer: Viewer, view: TimelineScope) {
  return useInfiniteQuery(timelineQueryOptions(viewer, view));
}
