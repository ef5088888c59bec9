import { Button } from "@/components/ui/button";
import { useLoadMore } from "../hooks/use-load-more";
import styles from "./lists.module.css";

/** Infinite scroll sentinel plus a visible "Load more" button (keyboard users, no IntersectionObserver). */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  // Watched afresh after each page: should the end still be in view once a
  // page has come, the next one is asked for then (an observer that stays
  // put reports only changes, and one while a page was loading is ignored).
  const sentinel = useLoadMore(() => void fetchNextPage(), hasNextPage && !isFetchingNextPage);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className={styles.loadMore}>
      <Button variant="secondary" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage} loadingText="Loading...">
        Load more
      </Button>
    </div>
  );
}
