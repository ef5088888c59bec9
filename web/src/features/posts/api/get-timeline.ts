import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/hooks/use-time-zone";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { isKnownViewer, keptAcrossTimeZones, queryKeys, type Viewer } from "@/lib/query-keys";
import type { TimelinePage } from "@/types/api";
import type { TimelineScope } from "../utils/timeline-scope";
import { timelineUrl, type TimelinePageParam } from "./request-urls";

/** GET /api/timeline: one page of the timeline, of one type or all, opened at a month or at the top; a visitor's first page comes from index.html's early request. */
export function getTimeline(view: TimelineScope, page: TimelinePageParam, timeZone: string): Promise<TimelinePage> {
  const url = timelineUrl(view, page, timeZone);
  return withPrefetched(url, () => api.get<TimelinePage>(url));
}

/**
 * The timeline a page at a time, both ways: older pages below (`fetchNextPage`),
 * and when it was opened at a month, newer ones above (`fetchPreviousPage`).
 * No abort signal: a page asked for is kept even when the screen goes, so
 * coming back (or React's second mount in development) does not ask again.
 */
export const timelineQueryOptions = (viewer: Viewer, view: TimelineScope, timeZone: string) => {
  const queryKey = queryKeys.timeline(viewer, view, timeZone);
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getTimeline(view, pageParam, timeZone),
    initialPageParam: {} as TimelinePageParam,
    getNextPageParam: (last: TimelinePage): TimelinePageParam | undefined => (last.nextCursor ? { cursor: last.nextCursor } : undefined),
    getPreviousPageParam: (first: TimelinePage): TimelinePageParam | undefined => (first.newerCursor ? { newer: first.newerCursor } : undefined),
    enabled: isKnownViewer(viewer),
    placeholderData: keptAcrossTimeZones(queryKey),
  });
};

export function useTimeline(viewer: Viewer, view: TimelineScope) {
  return useInfiniteQuery(timelineQueryOptions(viewer, view, useTimeZone()));
}
