/**
 * What Supabase Cron does on a hosted project (docs/deploy.md, "Sources"):
 * POST /api/jobs/sources every minute, at the start of the minute as pg_cron's
 * '* * * * *' does, with the jobs' secret. A call still running when the next
 * minute comes is not doubled; on a hosted project pg_net would send it
 * anyway, and the queue's leases keep the two apart.
 */
import { supabaseUrl, type Log } from "../config.ts";

export function scheduleSourceJobs(secret: string, log: Log): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const call = async () => {
    if (running) return;
    running = true;
    try {
      const response = await fetch(`${supabaseUrl}/functions/v1/api/jobs/sources`, {
        method: "POST",
        headers: { "x-jobs-secret": secret },
        // A call that never answers must not stop the schedule (pg_net gives up too).
        signal: AbortSignal.timeout(120_000),
      });
      const report = (await response.json()) as { jobs?: unknown[]; message?: string };
      if (!response.ok) log(`[jobs] sources: HTTP ${response.status} ${report.message ?? ""}`);
      else if (report.jobs?.length) log(`[jobs] sources: ${report.jobs.length} jobs run`);
    } catch (error) {
      log(`[jobs] sources: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const next = () => {
    timer = setTimeout(() => {
      void call();
      next();
    }, 60_000 - (Date.now() % 60_000));
  };
  next();
  return { stop: () => clearTimeout(timer) };
}
