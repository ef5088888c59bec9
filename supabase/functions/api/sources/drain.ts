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

async function runJob(job: SourceJob, worker: string): Promise<JobReport> {
  const report = (outcome: JobReport["outcome"], detail: string): JobReport =>
    ({ id: job.id, kind: job.kind, postId: job.post_id, sourceId: job.source_id, outcome, detail });
  try {
    if (job.kind === "preserve") {
      const result = await runPreserveJob(job);
      if ("later" in result) {
        await queue.retry(job, worker, { delaySeconds: result.delaySeconds, payload: result.payload });
        return report("later", result.later);
      }
      await queue.finish(job, worker);
      return report("done", result.done);
    }
    const detail = job.kind === "extract" ? await runExtractJob(job) : await runCheckJob(job);
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
      const [job] = await queue.claim(worker, 1, leaseSeconds);
      if (!job) return;
      jobs.push(await runJob(job, worker));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { worker, checksDue, jobs, ms: Date.now() - started };
}
