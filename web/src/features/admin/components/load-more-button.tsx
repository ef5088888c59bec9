import { Button } from "@/components/ui/button";
import styles from "./admin.module.css";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** An admin list's Load more, while it has a next page (hooks/use-admin-pages.ts). */
export function LoadMoreButton({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={styles.loadMore}>
      <Button variant="secondary" isLoading={pages.isFetchingNextPage} loadingText="Loading..." onClick={() => void pages.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
