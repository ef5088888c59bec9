/**
 * postgres.js 3.4.9 defers small writes to a setImmediate; when Postgres
 * closes the connection first (a restart, a failover, a pooler recycling it),
 * that callback writes to a socket already set to null and throws an uncaught
 * TypeError, which ends the whole isolate (porsager/postgres#1154 and #1208,
 * denoland/deno#34667; unfixed upstream). The query on that connection has
 * already been rejected with CONNECTION_CLOSED (answered 503 by onError), so
 * the write is moot: the error is logged and the function keeps serving the
 * other requests. Any other uncaught error still ends the isolate.
 */
export function isWriteToClosedConnection(error: unknown): boolean {
  return error instanceof TypeError &&
    error.message.includes("(reading 'write')") &&
    /nextWrite[^\n]*connection\.js/.test(error.stack ?? "");
}

export function survivePostgresWritesToClosedConnections(): void {
  globalThis.addEventListener("error", (event) => {
    if (!isWriteToClosedConnection(event.error)) return;
    event.preventDefault();
    console.warn("postgres.js wrote to a connection Postgres had closed; its query had already failed (porsager/postgres#1154)");
  });
}
