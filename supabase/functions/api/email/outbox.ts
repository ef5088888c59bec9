import { asServiceRole } from "../db/lanes.ts";
import type { EmailInput } from "./types.ts";

/** A claimed e-mail of private.email_outbox. */
export interface ClaimedEmail {
  id: number;
  attempts: number;
}

/** The outbox and the follow events, through the private functions the service role may call (…000720_email.sql). */
export const outbox = {
  /** Turns up to `howMany` follow events into notifications; how many it took. */
  fanOut: (howMany: number) =>
    asServiceRole(async (tx) => (await tx<{ n: number }[]>`select private.fan_out_notification_events(${howMany}) as n`)[0].n),

  /** Queues the digests whose time has come; how many. */
  enqueueDigests: () => asServiceRole(async (tx) => (await tx<{ n: number }[]>`select private.enqueue_digests() as n`)[0].n),

  claim: (worker: string, howMany: number, leaseSeconds: number) =>
    asServiceRole((tx) => tx<ClaimedEmail[]>`select id::int, attempts from private.claim_emails(${worker}, ${howMany}, ${leaseSeconds})`),

  /** What the e-mail says, or null when there is nobody to send it to. */
  contents: (id: number) =>
    asServiceRole(async (tx) => (await tx<{ contents: EmailInput | null }[]>`select private.email_contents(${id}) as contents`)[0].contents),

  finish: (id: number, worker: string, status: "sent" | "skipped", providerId: string | null = null) =>
    asServiceRole((tx) => tx`select private.finish_email(${id}, ${worker}, ${status}, ${providerId})`),

  /** 'retrying' or 'failed' (for good). */
  retry: (id: number, worker: string, error: string, retryable: boolean) =>
    asServiceRole(async (tx) =>
      (await tx<{ outcome: "retrying" | "failed" }[]>`select private.retry_email(${id}, ${worker}, ${error}, ${retryable}) as outcome`)[0].outcome
    ),
};
