import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { useDeferredData } from "@/hooks/use-deferred-data";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Viewer } from "@/lib/query-keys";
import { useTimeline } from "../api/get-timeline";
import { useTimelineMonths } from "../api/get-timeline-months";
import { useJumpToMonth, useTimelineFrom } from "../hooks/use-timeline-jump";
import { groupByMonthNewestFirst } from "../utils/timeline-months";
import { EVENTS_ONLY } from "../utils/timeline-scope";
import { LoadMore } from "./load-more";
import { TimelineEntries } from "./timeline-entries";
import { TimelineIndex } from "./timeline-index";
import { TimelineTypeFilter } from "./timeline-type-filter";
import styles from "./timeline.module.css";

type Props = {
  viewer: Viewer;
  /** One post type (events only), else every post; the route keeps it in the URL (`?type=event`). */
  type: string | undefined;
  onTypeChange: (type: string | undefined) => void;
};

/**
 * Timeline (SPEC §2): posts grouped by date (event date, else creation
 * date), newest first, by month; the index beside it jumps to a year or a
 * month (`#2025-04`), which opens the timeline there when that month is not
 * loaded yet, with the newer posts a button above.
 */
export function TimelineView({ viewer, type, onTypeChange }: Props) {
  const from = useTimelineFrom();
  const timeline = useTimeline(viewer, { type, from });
  const index = useTimelineMonths(type);
  const { data, isPending } = useDeferredData(timeline);
  const timeZone = useTimeZone();
  const { hasNextPage, isFetchingNextPage, fetchNextPage, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = timeline;
  const months = useMemo(() => groupByMonthNewestFirst(data?.pages.flatMap((page) => page.posts) ?? [], timeZone), [data, timeZone]);
  const shownMonths = useMemo(() => months.map((month) => month.month), [months]);
  useJumpToMonth(shownMonths);

  return (
    <div className={styles.layout}>
      <div className={styles.aside}>
        <TimelineTypeFilter type={type} onChange={onTypeChange} />
        <TimelineIndex months={index.data?.months ?? []} shownMonths={shownMonths} from={from} />
      </div>
      <div className={styles.main} aria-busy={isPending}>
        {isPending ? (
          <p className={styles.muted} role="status">
            Loading Content...
          </p>
        ) : !months.length ? (
          <p className={styles.muted}>{type === EVENTS_ONLY ? "No events to display on the timeline yet." : "No posts to display on the timeline yet."}</p>
        ) : (
          <>
            {hasPreviousPage && (
              <div className={styles.newer}>
                <Button variant="secondary" onClick={() => void fetchPreviousPage()} isLoading={isFetchingPreviousPage} loadingText="Loading...">
                  Show newer posts
                </Button>
              </div>
            )}
            <TimelineEntries months={months} />
            <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} fetchNextPage={fetchNextPage} />
          </>
        )}
      </div>
    </div>
  );
}
