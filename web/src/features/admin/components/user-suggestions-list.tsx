import { Spinner } from "@/components/ui/spinner";
import { useUserSuggestions } from "../api/get-user-suggestions";
import { formatTimestamp } from "@/lib/field-changes";
import styles from "./admin.module.css";

/** /admin/suggestions: general suggestions, newest first (SPEC §2). */
export function UserSuggestionsList() {
  const suggestions = useUserSuggestions();
  if (suggestions.isPending) return <Spinner label="Loading suggestions" />;
  const list = suggestions.data ?? [];
  if (list.length === 0) return <p className={styles.empty}>No suggestions yet</p>;
  return (
    <ul className={styles.list} aria-label="User suggestions">
      {list.map((item) => (
        <li key={item.id} className={styles.card}>
          <div className={styles.cardHeader}>
            <div>
              <p className={styles.cardTitle}>
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
            <span className={[styles.status, item.status === "new" && styles.statusNew].filter(Boolean).join(" ")}>
              <span className="visually-hidden">Status: </span>
              {item.status}
            </span>
          </div>
          <p className={styles.suggestionText}>{item.suggestion}</p>
        </li>
      ))}
    </ul>
  );
}
