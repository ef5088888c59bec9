import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTimeZone } from "@/hooks/use-time-zone";
import { api } from "@/lib/api-client";
import { withPrefetched } from "@/lib/prefetch";
import { keptAcrossTimeZones, queryKeys } from "@/lib/query-keys";
import type { TimelineMonths } from "@/types/api";
import { timelineMonthsUrl } from "./request-urls";

/** GET /api/timeline/months: the months that have posts (of one type), newest first: the timeline's index. */
export function getTimelineMonths(type: string | undefined, timeZone: string): Promise<TimelineMonths> {
  const url = timelineMonthsUrl(type, timeZone);
  return withPrefetched(url, () => api.get<TimelineMonths>(url));
}

/** The same for every viewer, so it is asked for at once, beside the first page. */
export const timelineMonthsQueryOptions = (type: string | undefined, timeZone: string) => {
  const queryKey = queryKeys.timelineMonths(type, timeZone);
  return queryOptions({
    queryKey,
    queryFn: () => getTimelineMonths(type, timeZone),
    placeholderData: keptAcrossTimeZones(queryKey),
  });
};

export function useTimelineMonths(type: string | undefined) {
  return useQuery(timelineMonthsQueryOptions(type, useTimeZone()));
}
