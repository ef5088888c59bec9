import { queue } from "./queue.ts";

/** Thrown when a host's next free turn is further away than a job may wait: the job runs again later. */
export class HostBusy extends Error {
  constructor(readonly waitSeconds: number) {
    super(`the host is busy for ${waitSeconds} s`);
  }
}

/** Waits for this worker's turn at `host` (one request a second per host), or gives up when it is more than `maxWaitSeconds` away. */
export async function waitForHostTurn(host: string, maxWaitSeconds = 3): Promise<void> {
  const turn = await queue.takeHostTurn(host, maxWaitSeconds);
  if (!turn) throw new HostBusy(maxWaitSeconds);
  const wait = turn.getTime() - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
