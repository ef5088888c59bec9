import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isKnownViewer, queryKeys, type Viewer } from "@/lib/query-keys";
import type { PostPage } from "@/types/api";
import { browserTimeZone } from "../utils/display";
import { PAGE_SIZE, postPaging } from "./post-pages";

/** GET /api/timeline: one page of events, from `cursor` on (the first page without one). */
export function getTimeline(cursor: string | undefined, signal?: AbortSignal): Promise<PostPage> {
  return api.get<PostPage>("/api/timeline", { query: { limit: PAGE_SIZE, cursor, tz: browserTimeZone() }, signal });
}

export const timelineQueryOptions = (viewer: Viewer) =>
  infiniteQueryOptions({
    ...postPaging,
    queryKey: queryKeys.timeline(viewer),
    queryFn: ({ pageParam, signal }) => getTimeline(pageParam, signal),
    enabled: isKnownViewer(viewer),
  });

export function useTimeline(viewer: Viewer) {
  return useInfiniteQuery(timelineQueryOptions(viewer));
}
