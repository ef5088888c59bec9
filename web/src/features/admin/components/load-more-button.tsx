import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import styles from "./admin.module.css";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** An admin list's Load more, while it has a next page (hooks/use-admin-pages.ts); `summary` above it says how many are shown. */
export function LoadMoreButton({ pages, summary }: { pages: Pages; summary?: ReactNode }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={summary ? styles.queueMore : styles.loadMore}>
      {summary && <p className={styles.muted}>{summary}</p>}
      <Button variant="secondary" isLoading={pages.isFetchingNextPage} loadingText="Loading..." onClick={() => void pages.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
