import styles from "./spinner.module.css";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span className={styles.wrapper} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
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
