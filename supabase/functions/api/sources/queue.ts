import { asServiceRole } from "../db/lanes.ts";
import type { CitedUrl } from "./extract-urls.ts";
import type { SourceState } from "./check-rules.ts";

/** A claimed job (a row of private.source_jobs). */
export interface SourceJob {
  id: number;
  kind: "extract" | "check" | "preserve";
  post_id: number | null;
  source_id: number | null;
  payload: Record<string, unknown>;
  generation: number;
  attempts: number;
}

export interface SourceRow {
  url: string;
  host: string;
  state: SourceState;
  consecutive_failures: number;
  created_at: Date;
  archived_at: Date | null;
  /** Whether a published or pending post cites it: only then is it checked. */
  cited: boolean;
  /** Whether a published post cites it: only then is it captured (a pending post's links wait for approval). */
  published: boolean;
}

/** The queue and the sources, through the private functions the service role may call (…_sources.sql). */
export const queue = {
  enqueueDueChecks: (howMany: number) =>
    asServiceRole(async (tx) => (await tx<{ n: number }[]>`select private.enqueue_due_source_checks(${howMany}) as n`)[0].n),

  claim: (worker: string, howMany: number, leaseSeconds: number) =>
    asServiceRole((tx) =>
      tx<SourceJob[]>`select id, kind, post_id, source_id, payload, generation, attempts
                      from private.claim_source_jobs(${worker}, ${howMany}, ${leaseSeconds})`
    ).then((rows) => rows.map((row) => ({ ...row, id: Number(row.id), post_id: row.post_id && Number(row.post_id), source_id: row.source_id && Number(row.source_id) }))),

  finish: (job: SourceJob, worker: string) =>
    asServiceRole((tx) => tx`select private.finish_source_job(${job.id}, ${worker}, ${job.generation})`),

  /** Runs the job again: after `delaySeconds` without counting an attempt, or (no delay) after a failure, with backoff. */
  retry: (job: SourceJob, worker: string, options: { error?: string; delaySeconds?: number; payload?: Record<string, unknown> }) =>
    asServiceRole((tx) =>
      tx`select private.retry_source_job(${job.id}, ${worker}, ${options.error ?? null}, ${options.delaySeconds ?? null}::integer,
                                         ${options.payload ? tx.json(options.payload as never) : null}::jsonb)`
    ),

  postText: (postId: number) =>
    asServiceRole(async (tx) => (await tx<{ content: string; citations: string | null }[]>`select * from private.post_source_text(${postId})`)[0]),

  replacePostSources: (postId: number, cited: CitedUrl[]) =>
    asServiceRole(async (tx) => (await tx<{ added: number }[]>`select private.replace_post_sources(${postId}, ${tx.json(cited as never)}) as added`)[0].added),

  source: (sourceId: number) =>
    asServiceRole(async (tx) => (await tx<SourceRow[]>`select * from private.source_for_job(${sourceId})`)[0]),

  recordCheck: (sourceId: number, result: { state: SourceState; movedTo: string | null; consecutiveFailures: number; nextCheckAt: Date }) =>
    asServiceRole((tx) =>
      tx`select private.record_source_check(${sourceId}, ${result.state}::public.source_state, ${result.movedTo},
                                            ${result.consecutiveFailures}, ${result.nextCheckAt})`
    ),

  recordArchive: (sourceId: number, capture: { url: string; capturedAt: Date }) =>
    asServiceRole((tx) => tx`select private.record_source_archive(${sourceId}, ${capture.url}, ${capture.capturedAt})`),

  /** When this worker's next request to `host` may go (one a second per host, across workers); null when that is more than `maxWaitSeconds` away. */
  takeHostTurn: (host: string, maxWaitSeconds: number) =>
    asServiceRole(async (tx) => (await tx<{ turn: Date | null }[]>`select private.take_host_turn(${host}, ${maxWaitSeconds}) as turn`)[0].turn),
};
