import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { usePendingEditSuggestions } from "../api/get-pending-edit-suggestions";
import { usePendingPosts } from "../api/get-pending-posts";
import { EditSuggestionCard } from "./edit-suggestion-card";
import { PendingPostCard } from "./pending-post-card";
import styles from "./admin.module.css";

type Tab = "posts" | "suggestions";
const tabs: Tab[] = ["posts", "suggestions"];

/** /admin/review: tabs New Posts and Edit Suggestions, with counts (SPEC §2). */
export function ReviewPanel() {
  const [tab, setTab] = useState<Tab>("posts");
  const posts = usePendingPosts();
  const suggestions = usePendingEditSuggestions();
  const baseId = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ posts: null, suggestions: null });

  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);
  const labels: Record<Tab, string> = {
    posts: `New Posts${count(posts.data?.length)}`,
    suggestions: `Edit Suggestions${count(suggestions.data?.length)}`,
  };

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
      <div role="tabpanel" id={`${baseId}-posts-panel`} aria-labelledby={`${baseId}-posts-tab`} hidden={tab !== "posts"} className={styles.panel}>
        {tab === "posts" &&
          (posts.isPending ? (
            <Spinner label="Loading pending posts" />
          ) : (posts.data ?? []).length === 0 ? (
            <p className={styles.empty}>No posts pending review.</p>
          ) : (
            <div className={styles.list}>
              {posts.data!.map((post) => (
                <PendingPostCard key={post.id} post={post} />
              ))}
            </div>
          ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-suggestions-panel`}
        aria-labelledby={`${baseId}-suggestions-tab`}
        hidden={tab !== "suggestions"}
        className={styles.panel}
      >
        {tab === "suggestions" &&
          (suggestions.isPending ? (
            <Spinner label="Loading edit suggestions" />
          ) : (suggestions.data ?? []).length === 0 ? (
            <p className={styles.empty}>No pending edit suggestions.</p>
          ) : (
            <div className={styles.list}>
              {suggestions.data!.map((suggestion) => (
                <EditSuggestionCard key={suggestion.id} suggestion={suggestion} />
              ))}
            </div>
          ))}
      </div>
    </div>
  );
}
