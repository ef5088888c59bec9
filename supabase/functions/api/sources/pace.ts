import { queue } from "./queue.ts";

/** Thrown when a host's next free turn is further away than a job may wait: the job runs again later. */
export class HostBusy extends Error {
  constructor(readonly waitSeconds: number) {
    super(`the host is busy for ${waitSeconds} s`);
  }
}

/** Waits for this worker's turn at `host` (one request a second per host), or gives up when it is more than `maxWaitMs` away. */
export async function waitForHostTurn(host: string, maxWaitMs = 3_000): Promise<void> {
  const wait = (await queue.takeHostTurn(host)).getTime() - Date.now();
  if (wait > maxWaitMs) throw new HostBusy(Math.ceil(wait / 1000));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
