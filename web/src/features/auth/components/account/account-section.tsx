import { useId, type ReactNode } from "react";
import styles from "./account.module.css";

type AccountSectionProps = {
  title: string;
  description?: ReactNode;
  /** "danger" marks a section whose action cannot be undone. */
  tone?: "danger";
  children: ReactNode;
};

/** One card of the account page: a heading, what it is about, and its form. */
export function AccountSection({ title, description, tone, children }: AccountSectionProps) {
  const headingId = useId();
  return (
    <section className={[styles.card, tone === "danger" && styles.danger].filter(Boolean).join(" ")} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId}>{title}</h2>
        {description && <p>{description}</p>}
      </div>
      {children}
    </section>
  );
}
