import styles from "./spinner.module.css";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className={styles.wrapper} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centred on its own line with room around it, while a screen's content loads. */
export function ContentSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.content}>
      <Spinner label={label} />
    </div>
  );
}

/** Shown while a lazily loaded screen arrives. */
export function PageSpinner() {
  return (
    <div className={styles.page}>
      <Spinner />
    </div>
  );
}
