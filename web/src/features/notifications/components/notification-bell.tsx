import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useDismiss } from "@/hooks/use-dismiss";
import { useNotifications } from "../api/get-notifications";
import styles from "./notifications.module.css";

// The bell and its count are on every page; the list only once it is opened.
const NotificationList = lazy(() => import("./notification-list").then((module) => ({ default: module.NotificationList })));

const countLabel = (unread: number) => (unread > 99 ? "99+" : String(unread));

/** The header's bell: how many notifications are unread; opens the list, which marks them read. */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);
  const unread = useNotifications(userId).data?.unread ?? 0;

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bell}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {countLabel(unread)}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className={styles.panel}>
          <Suspense fallback={<Spinner label="Loading notifications" />}>
            <NotificationList userId={userId} onNavigate={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
