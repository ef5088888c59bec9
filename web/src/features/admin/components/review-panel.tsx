import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { PostSource } from "@shared/api/posts.ts";
import { Spinner } from "@/components/ui/spinner";
import { useOpenReports } from "../api/get-open-reports";
import { usePendingEditSuggestions } from "../api/get-pending-edit-suggestions";
import { usePendingPosts } from "../api/get-pending-posts";
import { EditSuggestionCard } from "./edit-suggestion-card";
import { LoadMoreButton } from "./load-more-button";
import { PendingPostCard } from "./pending-post-card";
import { ReportedItemCard } from "./reported-item-card";
import styles from "./admin.module.css";

type Tab = "posts" | "suggestions" | "reports";
const tabs: Tab[] = ["posts", "suggestions", "reports"];

/** What each tab's panel says while it loads and when it is empty. */
const queueTexts: Record<Tab, { loadingLabel: string; emptyText: string }> = {
  posts: { loadingLabel: "Loading pending posts", emptyText: "No posts pending review." },
  suggestions: { loadingLabel: "Loading edit suggestions", emptyText: "No pending edit suggestions." },
  reports: { loadingLabel: "Loading reports", emptyText: "No open reports." },
};

/**
 * /admin/review: tabs New Posts and Edit Suggestions (SPEC §2), and Reports of members, with counts.
 * `renderSourceSummary(sources)`: how a pending post's sources stand (sources feature), on its card.
 */
export function ReviewPanel({ renderSourceSummary }: { renderSourceSummary?: (sources: readonly PostSource[]) => ReactNode } = {}) {
  const [tab, setTab] = useState<Tab>("posts");
  const posts = usePendingPosts();
  const pendingPosts = posts.data?.pages.flatMap((page) => page.posts);
  // The newest page's count: every pending post, loaded or not.
  const pendingTotal = posts.data?.pages.at(-1)?.total;
  const suggestions = usePendingEditSuggestions();
  const pendingSuggestions = suggestions.data?.pages.flatMap((page) => page.suggestions);
  // The newest page's count: every pending suggestion, loaded or not.
  const suggestionsTotal = suggestions.data?.pages.at(-1)?.total;
  const reports = useOpenReports();
  const reportedItems = reports.data?.pages.flatMap((page) => page.reports);
  // The newest page's count: every item with open reports, loaded or not.
  const reportedTotal = reports.data?.pages.at(-1)?.total;
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ posts: null, suggestions: null, reports: null });

  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);
  const labels: Record<Tab, string> = {
    posts: `New Posts${count(pendingTotal)}`,
    suggestions: `Edit Suggestions${count(suggestionsTotal)}`,
    reports: `Reports${count(reportedTotal)}`,
  };

  const panelOf = (name: Tab) => ({ id: `${baseId}-${name}`, hidden: tab !== name, ...queueTexts[name] });

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const next =
      event.key === "ArrowRight" ? tabs[(index + 1) % tabs.length] : event.key === "ArrowLeft" ? tabs[(index + tabs.length - 1) % tabs.length] : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Review queues" className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <ReviewQueue
        {...panelOf("posts")}
        query={{ isPending: posts.isPending, data: pendingPosts }}
        renderItem={(post) => <PendingPostCard key={post.id} post={post} sourceSummary={renderSourceSummary?.(post.sources)} />}
        more={<LoadMoreButton pages={posts} summary={`Showing ${pendingPosts?.length} of ${pendingTotal} pending posts, oldest first.`} />}
      />
      <ReviewQueue
        {...panelOf("suggestions")}
        query={{ isPending: suggestions.isPending, data: pendingSuggestions }}
        renderItem={(suggestion) => <EditSuggestionCard key={suggestion.id} suggestion={suggestion} />}
        more={<LoadMoreButton pages={suggestions} summary={`Showing ${pendingSuggestions?.length} of ${suggestionsTotal} edit suggestions, oldest first.`} />}
      />
      <ReviewQueue
        {...panelOf("reports")}
        query={{ isPending: reports.isPending, data: reportedItems }}
        renderItem={(item) => <ReportedItemCard key={item.report_id} item={item} />}
        more={<LoadMoreButton pages={reports} summary={`Showing ${reportedItems?.length} of ${reportedTotal} reported items, oldest first.`} />}
      />
    </div>
  );
}

type ReviewQueueProps<Item> = {
  /** Prefix of the ids: the panel is `${id}-panel`, labelled by its tab `${id}-tab`. */
  id: string;
  hidden: boolean;
  query: { isPending: boolean; data?: Item[] };
  loadingLabel: string;
  emptyText: string;
  renderItem: (item: Item) => ReactNode;
  /** After the cards: what loads the next page, when there is one. */
  more?: ReactNode;
};

/** One tab's panel: its spinner, its empty text or its cards (rendered only while the tab is shown). */
function ReviewQueue<Item>({ id, hidden, query, loadingLabel, emptyText, renderItem, more }: ReviewQueueProps<Item>) {
  const items = query.data ?? [];
  return (
    <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`} hidden={hidden} className={styles.panel}>
      {!hidden &&
        (query.isPending ? (
          <Spinner label={loadingLabel} />
        ) : items.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          <>
            <div className={styles.list}>{items.map(renderItem)}</div>
            {more}
          </>
        ))}
    </div>
  );
}
