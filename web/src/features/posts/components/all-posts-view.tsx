import { useDeferredData } from "@/hooks/use-deferred-data";
import type { Viewer } from "@/lib/query-keys";
import { useAllPosts, useUpcomingPosts } from "../api/get-all-posts";
import { showsUpcomingApart } from "../api/request-urls";
import type { PostFilters } from "../utils/filters";
import { LoadMore } from "./load-more";
import { PostFiltersForm } from "./post-filters-form";
import { DayGroups, PostRows } from "./post-rows";
import { UpcomingEvents } from "./upcoming-events";
import styles from "./lists.module.css";

type Props = {
  viewer: Viewer;
  filters: PostFilters;
  /** Called with the new filters; the route keeps them in the URL query. */
  onFiltersChange: (filters: PostFilters) => void;
};

/**
 * All posts (SPEC §2): search, date, sort and tag filters; rows grouped by
 * date except for most_upvotes. Newest first starts at the present, with the
 * events still to come in a section of their own above it.
 */
export function AllPostsView({ viewer, filters, onFiltersChange }: Props) {
  const list = useAllPosts(filters, viewer);
  const upcomingApart = showsUpcomingApart(filters);
  const upcoming = useUpcomingPosts(filters, viewer, upcomingApart);
  const shownList = useDeferredData(list);
  const shownUpcoming = useDeferredData(upcoming);
  const posts = list.isError ? [] : (shownList.data?.pages.flatMap((page) => page.posts) ?? []);
  const upcomingPosts = upcomingApart && !upcoming.isError ? (shownUpcoming.data?.pages.flatMap((page) => page.posts) ?? []) : [];
  const isPending = shownList.isPending || (upcomingApart && shownUpcoming.isPending);
  const isRefreshing = list.isPlaceholderData || (upcomingApart && upcoming.isPlaceholderData);

  return (
    <div>
      <PostFiltersForm filters={filters} onChange={onFiltersChange} />
      <div aria-live="polite" aria-busy={isPending || isRefreshing}>
        {isPending ? (
          <p className={styles.muted} role="status">
            Loading Content...
          </p>
        ) : !posts.length && !upcomingPosts.length ? (
          <p className={styles.muted}>No posts found for the selected filters.</p>
        ) : (
          <>
            {upcomingPosts.length > 0 && (
              <UpcomingEvents
                posts={upcomingPosts}
                hasNextPage={upcoming.hasNextPage}
                isFetchingNextPage={upcoming.isFetchingNextPage}
                fetchNextPage={upcoming.fetchNextPage}
              />
            )}
            {filters.sort === "most_upvotes" ? (
              <PostRows posts={posts} headingLevel="h2" showDay priorityImage={!upcomingPosts.length} />
            ) : (
              <DayGroups posts={posts} headingLevel="h2" idPrefix="all" testId="post-group" priorityImage={!upcomingPosts.length} />
            )}
          </>
        )}
      </div>
      {/* Not while the first answers are pending: its sentinel would sit at the top, ask for a second page at once and then be pushed down (a layout shift). */}
      {!list.isError && !isPending && <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />}
    </div>
  );
}
