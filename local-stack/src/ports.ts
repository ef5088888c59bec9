import net from "node:net";

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      // No IPv6 on this machine: nothing can be listening there either.
      resolve(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT");
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Fails early with a message that says what to do, instead of letting a child
 * process die later with EADDRINUSE buried in its output. Both loopback
 * addresses are checked because Vite and Postgres bind `localhost`, which may
 * be either.
 */
export async function assertPortFree(port: number): Promise<void> {
  for (const host of ["127.0.0.1", "::1"]) {
    if (!(await canListen(port, host))) {
      throw new Error(`port ${port} is in use: is \`npm start\` (or \`supabase start\`) already running?`);
    }
  }
}

/** Polls until `probe` succeeds, for services that print nothing reliable when ready. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  exitedWith?: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exitedWith?.();
    if (exit) throw new Error(`${what} exited before it answered (${exit})`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/** True when something answers HTTP at `url`, whatever the status. */
export async function answersHttp(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.body?.cancel();
  return true;
}
