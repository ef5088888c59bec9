import { useId, type ReactNode } from "react";
import styles from "./account.module.css";

type AccountSectionProps = {
  title: string;
  description?: ReactNode;
  /** "danger" marks a section whose action cannot be undone. */
  tone?: "danger";
  /** The card's own address on the page (/account#id), for links from elsewhere (e-mails). */
  id?: string;
  children: ReactNode;
};

/** One card of the account page: a heading, what it is about, and its form. */
export function AccountSection({ title, description, tone, id, children }: AccountSectionProps) {
  const headingId = useId();
  return (
    <section id={id} className={[styles.card, tone === "danger" && styles.danger].filter(Boolean).join(" ")} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId}>{title}</h2>
        {description && <p>{description}</p>}
      </div>
      {children}
    </section>
  );
}
