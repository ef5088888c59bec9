import { useId, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatTimestamp } from "@/lib/field-changes";
import { useUserSuggestions } from "../api/get-user-suggestions";
import type { SuggestionStatus } from "../api/set-suggestion-status";
import { LoadMoreButton } from "./load-more-button";
import { SuggestionStatusButton } from "./suggestion-status-button";
import styles from "./admin.module.css";

type Filter = "all" | SuggestionStatus;

const filters: { value: Filter; label: string; empty: string }[] = [
  { value: "all", label: "All", empty: "No suggestions yet" },
  { value: "new", label: "New", empty: "No new suggestions." },
  { value: "reviewed", label: "Reviewed", empty: "No reviewed suggestions." },
];

/** /admin/suggestions: general suggestions, newest first (SPEC §2), a page at a time, filtered by status and marked reviewed when read. */
export function UserSuggestionsList() {
  const [filter, setFilter] = useState<Filter>("all");
  const suggestions = useUserSuggestions(filter === "all" ? undefined : filter);
  const filterName = useId();
  const list = suggestions.data?.pages.flatMap((page) => page.suggestions) ?? [];
  // The newest page's count: every suggestion the filter shows, loaded or not.
  const total = suggestions.data?.pages.at(-1)?.total;
  const emptyText = filters.find((option) => option.value === filter)!.empty;

  return (
    <>
      <fieldset className={styles.statusFilter}>
        <legend>Show</legend>
        {filters.map((option) => (
          <label key={option.value}>
            <input type="radio" name={filterName} value={option.value} checked={filter === option.value} onChange={() => setFilter(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {suggestions.isPending ? (
        <Spinner label="Loading suggestions" />
      ) : list.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label="User suggestions">
            {list.map((item) => {
              const headingId = `suggestion-${item.id}`;
              return (
                <li key={item.id} className={styles.card}>
                  <div className={styles.cardHeader}>
                    <div>
                      <p id={headingId} className={styles.cardTitle}>
                        <strong>{item.userName ?? "Unknown user"}</strong>
                        {item.userEmail && (
                          <>
                            {" "}
                            · <a href={`mailto:${item.userEmail}`}>{item.userEmail}</a>
                          </>
                        )}
                      </p>
                      <p className={styles.meta}>
                        <time dateTime={item.timestamp}>{formatTimestamp(item.timestamp)}</time> · ID{" "}
                        <code title={item.id}>{item.id.slice(0, 8)}</code>
                      </p>
                    </div>
                    <div className={`${styles.cardActions} ${styles.statusActions}`}>
                      <span className={[styles.status, item.status === "new" && styles.statusNew].filter(Boolean).join(" ")}>
                        <span className="visually-hidden">Status: </span>
                        {item.status}
                      </span>
                      <SuggestionStatusButton id={item.id} status={item.status} describedBy={headingId} />
                    </div>
                  </div>
                  <p className={styles.suggestionText}>{item.suggestion}</p>
                </li>
              );
            })}
          </ul>
          <LoadMoreButton pages={suggestions} summary={`Showing ${list.length} of ${total} suggestions, newest first.`} />
        </>
      )}
    </>
  );
}
