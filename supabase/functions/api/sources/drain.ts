import { sourcesEnv } from "../env.ts";
import { runCheckJob } from "./check-job.ts";
import { runExtractJob } from "./extract-job.ts";
import { HostBusy } from "./pace.ts";
import { runPreserveJob } from "./preserve-job.ts";
import { queue, type SourceJob } from "./queue.ts";

/** What one job came to in a drain. */
export interface JobReport {
  id: number;
  kind: SourceJob["kind"];
  postId: number | null;
  sourceId: number | null;
  outcome: "done" | "later" | "failed";
  detail: string;
}

export interface DrainReport {
  worker: string;
  /** Sources whose scheduled check became a job. */
  checksDue: number;
  jobs: JobReport[];
  ms: number;
}

const concurrency = 4;
// Longer than any one job can take (a check's fetches share 10 s; robots.txt has its own 10 s), so a lease never ends under a live worker.
const leaseSeconds = 120;

// A job's fetches end within 10 s each; this bounds whatever else could hang, so a drain always answers.
const jobTimeoutMs = 60_000;

/** `work`, or an error once it has taken longer than a job may. */
function withinJobTime<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job took longer than ${jobTimeoutMs / 1000} s`)), jobTimeoutMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function runJob(job: SourceJob, worker: string): Promise<JobReport> {
  const report = (outcome: JobReport["outcome"], detail: string): JobReport =>
    ({ id: job.id, kind: job.kind, postId: job.post_id, sourceId: job.source_id, outcome, detail });
  try {
    if (job.kind === "preserve") {
      const result = await withinJobTime(runPreserveJob(job));
      if ("later" in result) {
        await queue.retry(job, worker, { delaySeconds: result.delaySeconds, payload: result.payload });
        return report("later", result.later);
      }
      await queue.finish(job, worker);
      return report("done", result.done);
    }
    const detail = await withinJobTime(job.kind === "extract" ? runExtractJob(job) : runCheckJob(job));
    await queue.finish(job, worker);
    return report("done", detail);
  } catch (error) {
    if (error instanceof HostBusy) {
      await queue.retry(job, worker, { delaySeconds: error.waitSeconds });
      return report("later", error.message);
    }
    const message = error instanceof Error ? error.message : String(error);
    // A failed capture request is asked for afresh next time.
    await queue.retry(job, worker, { error: message, payload: {} });
    return report("failed", message);
  }
}

/**
 * Runs due jobs, a few at once, until none is left or the time budget is
 * spent; each job is claimed under a lease, so concurrent drains never run
 * one job twice.
 */
export async function drainSourceJobs(): Promise<DrainReport> {
  const started = Date.now();
  const worker = crypto.randomUUID();
  const checksDue = await queue.enqueueDueChecks(500);
  const jobs: JobReport[] = [];
  const lane = async () => {
    while (Date.now() - started < sourcesEnv.jobBudgetMs) {
      const claimed = await queue.claim(worker, 1, leaseSeconds);
      if (!claimed.length) return;
      for (const job of claimed) jobs.push(await runJob(job, worker));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { worker, checksDue, jobs, ms: Date.now() - started };
}
