import { sourcesEnv } from "../env.ts";
import { queue, type SourceJob } from "./queue.ts";
import { canRequestCaptures, captureStatus, latestCapture, requestCapture, type WaybackConfig } from "./wayback.ts";

const wayback: WaybackConfig = {
  availabilityUrl: sourcesEnv.waybackAvailabilityUrl,
  saveUrl: sourcesEnv.waybackSaveUrl,
  accessKey: sourcesEnv.waybackAccessKey,
  secretKey: sourcesEnv.waybackSecretKey,
};

/** A capture this recent needs no new one. */
const freshForMs = 30 * 24 * 60 * 60 * 1000;
/** How long to wait before asking how a capture request stands, and how often before giving up on it. */
const statusDelaySeconds = 15;
const maxStatusPolls = 40;

/** What a preserve job tells the drain: done, or to run again later (waiting on Save Page Now). */
export type PreserveOutcome = { done: string } | { later: string; delaySeconds: number; payload: Record<string, unknown> };

/**
 * Preserves a source a published post cites: its latest capture is recorded;
 * when there is none or it is older than 30 days, a new one is requested
 * (Save Page Now 2) and followed until it is done.
 */
export async function runPreserveJob(job: SourceJob): Promise<PreserveOutcome> {
  const source = await queue.source(job.source_id!);
  if (!source) return { done: "the source is gone" };
  // Save Page Now is asked only for what the archive publishes (a pending post's links wait for its approval).
  if (!source.published) return { done: "no published post cites it" };
  const spnJob = typeof job.payload.spnJob === "string" ? job.payload.spnJob : undefined;
  if (spnJob) {
    const status = await captureStatus(wayback, spnJob);
    if (status.status === "success") {
      await queue.recordArchive(job.source_id!, status.capture);
      return { done: `captured at ${status.capture.capturedAt.toISOString()}` };
    }
    if (status.status === "error") throw new Error(`Save Page Now: ${status.message}`);
    const polls = Number(job.payload.polls ?? 0) + 1;
    if (polls >= maxStatusPolls) throw new Error("Save Page Now did not finish the capture");
    return { later: "capture pending", delaySeconds: statusDelaySeconds, payload: { spnJob, polls } };
  }

  const latest = await latestCapture(wayback, source.url);
  if (latest) await queue.recordArchive(job.source_id!, latest);
  if (latest && Date.now() - latest.capturedAt.getTime() < freshForMs) return { done: "a recent capture exists" };
  if (!canRequestCaptures(wayback)) return { done: latest ? "an old capture exists; no keys to request one" : "no capture; no keys to request one" };
  const requested = await requestCapture(wayback, source.url);
  return { later: "capture requested", delaySeconds: statusDelaySeconds, payload: { spnJob: requested, polls: 0 } };
}
