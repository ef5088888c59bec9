/**
 * What Supabase Cron does on a hosted project (docs/deploy.md, "The jobs"):
 * POST /api/jobs/sources and POST /api/jobs/email every minute, at the start
 * of the minute as pg_cron's '* * * * *' does, with the jobs' secret. A call
 * still running when the next minute comes is not doubled; on a hosted
 * project pg_net would send it anyway, and the queues' leases keep the two
 * apart.
 */
import { supabaseUrl, type Log } from "./config.ts";

const jobs = ["sources", "email"] as const;

export function scheduleJobs(secret: string, log: Log): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<string>();
  const call = async (job: (typeof jobs)[number]) => {
    if (running.has(job)) return;
    running.add(job);
    try {
      const response = await fetch(`${supabaseUrl}/functions/v1/api/jobs/${job}`, {
        method: "POST",
        headers: { "x-jobs-secret": secret },
        // A call that never answers must not stop the schedule (pg_net gives up too).
        signal: AbortSignal.timeout(120_000),
      });
      const report = (await response.json()) as { jobs?: unknown[]; emails?: unknown[]; message?: string };
      const done = report.jobs ?? report.emails;
      if (!response.ok) log(`[jobs] ${job}: HTTP ${response.status} ${report.message ?? ""}`);
      else if (done?.length) log(`[jobs] ${job}: ${done.length} ${job === "email" ? "e-mails" : "jobs"} run`);
    } catch (error) {
      log(`[jobs] ${job}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running.delete(job);
    }
  };
  const next = () => {
    timer = setTimeout(() => {
      for (const job of jobs) void call(job);
      next();
    }, 60_000 - (Date.now() % 60_000));
  };
  next();
  return { stop: () => clearTimeout(timer) };
}
