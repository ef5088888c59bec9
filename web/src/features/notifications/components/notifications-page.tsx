import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { apiErrorDetail } from "@/lib/api-client";
import { useAllNotifications, type Notification } from "../api/get-notifications";
import { useMarkNotificationsRead } from "../api/mark-notifications-read";
import { notificationLink, notificationText } from "../utils/notification-text";
import styles from "./notifications-page.module.css";
import { formatDate } from "@/lib/date-format";

const formatWhen = (iso: string) => formatDate(new Date(iso), undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * `/notifications`: every notification, newest first. Unlike the bell's list,
 * looking is not reading: one is marked read when its link is followed or its
 * "Mark as read" is pressed, or all at once.
 */
export function NotificationsPage({ userId }: { userId: string }) {
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = useAllNotifications(userId);
  const markRead = useMarkNotificationsRead();
  const notifications = [...new Map((data?.pages ?? []).flatMap((page) => page.notifications).map((n) => [n.id, n])).values()];
  // The newest page's count covers all of them; marking read updates every cached page's.
  const unread = data?.pages[0]?.unread ?? 0;
  const read = (ids?: number[]) => markRead.mutate({ userId, ids });

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>Notifications</h1>
          {!isPending && !error && <p className={styles.summary}>{unread === 0 ? "All read." : `${unread} unread.`}</p>}
        </div>
        {unread > 0 && (
          <Button variant="secondary" size="small" onClick={() => read()} disabled={markRead.isPending}>
            Mark all as read
          </Button>
        )}
      </header>
      {markRead.error && <p role="alert">{apiErrorDetail(markRead.error) ?? "Your notifications could not be marked read. Please try again."}</p>}
      {isPending ? (
        <PageSpinner />
      ) : error && !data ? (
        <p role="alert">{apiErrorDetail(error) ?? "Your notifications could not be loaded. Please try again."}</p>
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>No notifications yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} onRead={() => read([notification.id])} />
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" isLoading={isFetchingNextPage} loadingText="Loading…" onClick={() => void fetchNextPage()}>
            Show older notifications
          </Button>
        </div>
      )}
      {isFetchNextPageError && <p role="alert">{apiErrorDetail(error) ?? "Older notifications could not be loaded. Please try again."}</p>}
    </div>
  );
}

function NotificationRow({ notification, onRead }: { notification: Notification; onRead: () => void }) {
  const unread = !notification.read_at;
  const link = notificationLink(notification);
  return (
    <li className={unread ? `${styles.item} ${styles.unread}` : styles.item} data-testid="notification">
      <div className={styles.body}>
        {/* The word, not only the weight and the bar, tells an unread one apart. */}
        {unread && <span className={styles.badge}>Unread</span>}
        {/* About the member's account, not a post: nothing to open. */}
        {link ? (
          <Link to={link} className={styles.link} onClick={unread ? onRead : undefined}>
            {notificationText(notification)}
          </Link>
        ) : (
          <span className={styles.link}>{notificationText(notification)}</span>
        )}
        <time dateTime={notification.created_at} className={styles.when}>
          {formatWhen(notification.created_at)}
        </time>
      </div>
      {unread && (
        <button type="button" className={styles.markRead} onClick={onRead}>
          Mark as read
        </button>
      )}
    </li>
  );
}
