import type { ReactNode } from "react";
import { Button } from "./button";
import styles from "./notice.module.css";

export type NoticeProps = {
  /** success: something went well; warning: something the reader cannot do now. */
  tone: "success" | "warning" | "info";
  /** The first, bold sentence; also the region's name. */
  title: string;
  children?: ReactNode;
  /** Offers a Dismiss button when given. */
  onDismiss?: () => void;
};

/** A message at the top of a page that tells people what happened or what they cannot do, as a named region. */
export function Notice({ tone, title, children, onDismiss }: NoticeProps) {
  return (
    <section className={`${styles.notice} ${styles[tone]}`} aria-label={title}>
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        {children}
      </div>
      {onDismiss && (
        <Button variant="ghost" size="small" className={styles.dismiss} onClick={onDismiss}>
          Dismiss
        </Button>
      )}
    </section>
  );
}
