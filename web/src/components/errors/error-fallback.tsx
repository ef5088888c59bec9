import styles from "./error-fallback.module.css";

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** Shown when a screen fails to render or its code cannot be loaded. */
export function ErrorFallback({ error }: { error?: unknown }) {
  const stale = isChunkLoadError(error);
  return (
    <div role="alert" className={styles.box}>
      <h1>Something went wrong</h1>
      <p>
        {stale
          ? "A newer version of the site is available, or the connection dropped while loading this page."
          : "This page could not be shown. Please try again."}
      </p>
      <div className={styles.actions}>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="/">Go to the home page</a>
      </div>
      {import.meta.env.DEV && error instanceof Error && <pre className={styles.detail}>{error.stack ?? error.message}</pre>}
    </div>
  );
}
