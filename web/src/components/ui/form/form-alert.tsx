import type { ReactNode } from "react";
import styles from "./form.module.css";

/** A form-level error announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={styles.alert}>
      {children}
    </p>
  );
}

/** A form-level notice (not an error). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.notice}>
      {children}
    </p>
  );
}

export const formStyles = styles;
