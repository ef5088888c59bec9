/**
 * Ctrl-C (or a scheduler's SIGTERM) in the middle of a backup or restore:
 * the staging folder holds the archive unencrypted (e-mail addresses,
 * password hashes), so it goes, and so does a half-written backup file,
 * before the process exits. A database transaction under way is rolled back
 * by Postgres when the connection closes.
 */
const cleanups = new Set<() => Promise<void>>();
let installed = false;

/** Runs `cleanup` if the process is interrupted before `release()` is called. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  if (!installed) {
    installed = true;
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.once(signal, () => {
        process.stderr.write(`\n${signal}: stopping, and deleting what was staged\n`);
        void Promise.allSettled([...cleanups].map((run) => run())).finally(() => process.exit(130));
      });
    }
  }
  cleanups.add(cleanup);
  return () => void cleanups.delete(cleanup);
}
