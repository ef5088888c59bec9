import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import { useNotifications, useOlderNotifications } from "../api/get-notifications";
import { useMarkNotificationsRead } from "../api/mark-notifications-read";
import { notificationLink, notificationText } from "../utils/notification-text";
import styles from "./notifications.module.css";
import { formatDate } from "@/lib/date-format";

const formatWhen = (iso: string) => formatDate(new Date(iso), undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The newest notifications. Showing them is reading them: every unread one on
 * screen is marked read (and the bell's count follows the server's answer);
 * they keep their "new" look until the list is closed.
 */
export function NotificationList({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const { data, error, isPending } = useNotifications(userId);
  const [showOlder, setShowOlder] = useState(false);
  const older = useOlderNotifications(userId, data?.nextCursor ?? null, showOlder);
  const { mutate: markRead } = useMarkNotificationsRead();
  const marked = useRef(new Set<number>());
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const notifications = useMemo(
    () => [...(data?.notifications ?? []), ...(older.data?.pages.flatMap((page) => page.notifications) ?? [])],
    [data, older.data],
  );
  const moreToShow = showOlder ? older.hasNextPage : Boolean(data?.nextCursor);

  useEffect(() => {
    const ids = notifications.filter((n) => !n.read_at && !marked.current.has(n.id)).map((n) => n.id);
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    setFresh(new Set(marked.current));
    markRead({ userId, ids });
  }, [notifications, markRead, userId]);

  if (isPending) return <Spinner label="Loading notifications" />;
  if (error) return <p role="alert">{apiErrorDetail(error) ?? "Your notifications could not be loaded. Please try again."}</p>;

  return (
    <section aria-label="Notifications">
      <h2 className={styles.heading}>Notifications</h2>
      {notifications.length === 0 ? (
        <p className={styles.empty}>No notifications yet.</p>
      ) : (
        <ul className={styles.list}>
          {notifications.map((notification) => {
            const link = notificationLink(notification);
            const className = fresh.has(notification.id) ? `${styles.item} ${styles.fresh}` : styles.item;
            const content = (
              <>
                <span>{notificationText(notification)}</span>
                <time dateTime={notification.created_at} className={styles.when}>
                  {formatWhen(notification.created_at)}
                </time>
              </>
            );
            // About the member's account, not a post: nothing to open.
            return (
              <li key={notification.id}>
                {link ? (
                  <Link to={link} className={className} onClick={onNavigate}>
                    {content}
                  </Link>
                ) : (
                  <div className={className}>{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {moreToShow && (
        <button
          type="button"
          className={styles.more}
          disabled={older.isFetching}
          onClick={() => (showOlder ? void older.fetchNextPage() : setShowOlder(true))}
        >
          {older.isFetching ? "Loading…" : "Show older notifications"}
        </button>
      )}
      {older.error && <p role="alert">{apiErrorDetail(older.error) ?? "Older notifications could not be loaded. Please try again."}</p>}
      <Link to={paths.notifications} className={styles.all} onClick={onNavigate}>
        See all notifications
      </Link>
    </section>
  );
}
