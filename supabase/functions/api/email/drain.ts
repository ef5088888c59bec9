import type { EmailDrainReport, EmailReport } from "../../_shared/api/jobs.ts";
import { emailEnv, env } from "../env.ts";
import { outbox, type ClaimedEmail } from "./outbox.ts";
import { EmailSendError, sendEmail } from "./resend.ts";
import { renderEmail } from "./templates.ts";

const concurrency = 4;
// Longer than a send can take (10 s), so a lease never ends under a live worker.
const leaseSeconds = 60;
// How long one drain claims new e-mails; Supabase Cron calls again a minute later.
const budgetMs = 20_000;
// Events per fan-out statement batch; each event is one insert of its followers.
const eventsPerBatch = 100;

/** The API as mail clients reach it, on the site's own origin (the host passes /api/* to the function), for List-Unsubscribe. */
const apiUrl = `${env.siteUrl}/api`;

async function sendOne(email: ClaimedEmail, worker: string): Promise<EmailReport> {
  const report = (outcome: EmailReport["outcome"], items: number, detail: string): EmailReport =>
    ({ id: email.id, outcome, items, detail });
  const contents = await outbox.contents(email.id);
  if (!contents || contents.items.length === 0) {
    await outbox.finish(email.id, worker, "skipped");
    return report("skipped", 0, contents ? "nothing left to tell" : "no address to send to");
  }
  const rendered = renderEmail(contents, { siteUrl: env.siteUrl, apiUrl, now: new Date() });
  try {
    const { id } = await sendEmail({ ...rendered, from: emailEnv.from, to: contents.to, idempotencyKey: `email-outbox/${email.id}` });
    await outbox.finish(email.id, worker, "sent", id);
    return report("sent", contents.items.length, id);
  } catch (error) {
    const retryable = !(error instanceof EmailSendError) || error.retryable;
    const message = error instanceof Error ? error.message : String(error);
    return report(await outbox.retry(email.id, worker, message, retryable), contents.items.length, message);
  }
}

/**
 * Fans the follow events out into notifications, queues the digests that are
 * due, then sends due e-mails, a few at once, until none is left or the time
 * budget is spent. Each e-mail is claimed under a lease, so concurrent drains
 * never send one twice; its outbox id is its idempotency key, so a send
 * whose answer was lost is not sent twice either.
 */
export async function drainEmail(): Promise<EmailDrainReport> {
  const started = Date.now();
  const worker = crypto.randomUUID();
  let eventsFannedOut = 0;
  for (;;) {
    const taken = await outbox.fanOut(eventsPerBatch);
    eventsFannedOut += taken;
    if (taken < eventsPerBatch || Date.now() - started > budgetMs / 2) break;
  }
  const digestsQueued = await outbox.enqueueDigests();
  const emails: EmailReport[] = [];
  // Without a key or a sender nothing can be sent: the outbox waits as it is.
  if (emailEnv.resendApiKey && emailEnv.from) {
    const lane = async () => {
      while (Date.now() - started < budgetMs) {
        const [claimed] = await outbox.claim(worker, 1, leaseSeconds);
        if (!claimed) return;
        emails.push(await sendOne(claimed, worker));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }
  return { worker, eventsFannedOut, digestsQueued, emails, ms: Date.now() - started };
}
