import { Link } from "react-router";
import { useDeferredData } from "@/hooks/use-deferred-data";
import type { Viewer } from "@/lib/query-keys";
import { useAllPosts, useUpcomingPosts } from "../api/get-all-posts";
import { showsUpcomingApart } from "../api/request-urls";
import { filtersToParams, isSearching, sortOf, type PostFilters } from "../utils/filters";
import { filterRemovals, resultCountText } from "../utils/search-results";
import { DownloadLinks } from "./download-links";
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

/** The address of All posts with other filters, for a link that changes them. */
const filtersLink = (filters: PostFilters) => {
  const query = filtersToParams(filters).toString();
  return { search: query ? `?${query}` : "" };
};

/**
 * All posts (SPEC §2): search, filters and sort; rows grouped by date except
 * for most_upvotes and Best match. Newest first starts at the present, with
 * the events still to come in a section of their own above it, except while
 * searching: then the results come first, with their count, and the downloads
 * after them.
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
  const firstPage = list.isError || isPending ? undefined : shownList.data?.pages[0];
  const total = firstPage?.total ?? null;
  const sort = sortOf(filters);
  const searching = isSearching(filters);

  return (
    <div>
      <PostFiltersForm filters={filters} onChange={onFiltersChange} />
      <p className={styles.count} role="status">
        {total !== null ? resultCountText(total, firstPage?.totalExact ?? true) : ""}
      </p>
      <div aria-live="polite" aria-busy={isPending || isRefreshing}>
        {isPending ? (
          <p className={styles.muted} role="status">
            Loading Content...
          </p>
        ) : !posts.length && !upcomingPosts.length ? (
          <NoResults filters={filters} suggestion={firstPage?.suggestion ?? null} />
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
            {sort === "most_upvotes" || sort === "best" ? (
              <PostRows posts={posts} headingLevel="h2" showDay priorityImage={!upcomingPosts.length} />
            ) : (
              <DayGroups posts={posts} headingLevel="h2" idPrefix="all" testId="post-group" priorityImage={!upcomingPosts.length} />
            )}
          </>
        )}
      </div>
      {/* Not while the first answers are pending: its sentinel would sit at the top, ask for a second page at once and then be pushed down (a layout shift). */}
      {!list.isError && !isPending && <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />}
      {searching && posts.length > 0 && (
        <div className={styles.afterResults}>
          <DownloadLinks filters={filters} />
        </div>
      )}
    </div>
  );
}

/** SPEC's empty text, then a spelling that finds posts and a link per active filter to drop it. */
function NoResults({ filters, suggestion }: { filters: PostFilters; suggestion: string | null }) {
  const removals = filterRemovals(filters);
  return (
    <div className={styles.noResults}>
      <p className={styles.muted}>No posts found for the selected filters.</p>
      {suggestion && (
        <p>
          Did you mean <Link to={filtersLink({ ...filters, search: suggestion })}>{suggestion}</Link>?
        </p>
      )}
      {removals.length > 0 && (
        <ul className={styles.clearLinks} aria-label="Clear a filter">
          {removals.map((removal) => (
            <li key={removal.label}>
              <Link to={filtersLink(removal.filters)} replace>
                {removal.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
