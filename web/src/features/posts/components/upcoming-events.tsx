import { Button } from "@/components/ui/button";
import type { Post } from "@/types/api";
import { DayGroups } from "./post-rows";
import styles from "./upcoming-events.module.css";

type Props = {
  posts: Post[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** Events still to come, soonest first, above the newest posts rather than as them. */
export function UpcomingEvents({ posts, hasNextPage, isFetchingNextPage, fetchNextPage }: Props) {
  return (
    <section className={styles.upcoming} aria-labelledby="upcoming-events" data-testid="upcoming-events">
      <h2 id="upcoming-events" className={styles.title}>
        Upcoming events
      </h2>
      <DayGroups posts={posts} headingLevel="h3" idPrefix="upcoming" testId="upcoming-group" markUpcoming={false} priorityImage />
      {hasNextPage && (
        <Button variant="secondary" size="small" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage} loadingText="Loading...">
          Show more upcoming events
        </Button>
      )}
    </section>
  );
}
