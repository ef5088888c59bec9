import { Button } from "@/components/ui/button";
import { useLoadMore } from "../hooks/use-load-more";
import styles from "./lists.module.css";

/** Infinite scroll sentinel plus a visible "Load more" button (keyboard users, no IntersectionObserver). */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  const sentinel = useLoadMore(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, hasNextPage);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className={styles.loadMore}>
      <Button variant="secondary" onClick={() => void fetchNextPage()} isLoading={isFetchingNextPage} loadingText="Loading...">
        Load more
      </Button>
    </div>
  );
}
