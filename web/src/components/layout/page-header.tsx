import type { ReactNode } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import styles from "./page-header.module.css";

/** A screen's h1 (also used for the document title) and optional lead text. */
export function PageHeader({ title, documentTitle, children }: { title: string; documentTitle?: string; children?: ReactNode }) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={styles.header}>
      <h1>{title}</h1>
      {children && <div className={styles.lead}>{children}</div>}
    </div>
  );
}
