/**
 * Running the sources jobs from the tests, as Supabase Cron does, and reading
 * what they left, as the database owner; for vitest and Playwright alike.
 */
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "../support/database.ts";
import { api } from "../support/api.ts";

export interface JobReport {
  id: number;
  kind: "extract" | "check" | "preserve";
  postId: number | null;
  sourceId: number | null;
  outcome: "done" | "later" | "failed";
  detail: string;
}

export const jobsSecret = () => {
  const secret = process.env.SOURCES_JOB_SECRET;
  if (!secret) throw new Error("SOURCES_JOB_SECRET is not set: export the stack's variables (npm run --silent stack:env)");
  return secret;
};

/** POST /api/jobs/sources with the secret: the jobs this call ran. */
export async function drainJobs(): Promise<JobReport[]> {
  const res = await api<{ jobs: JobReport[] }>("POST", "/api/jobs/sources", { headers: { "x-jobs-secret": jobsSecret() } });
  if (res.status !== 200) throw new Error(`POST /api/jobs/sources answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.jobs;
}

export interface SourceRow {
  id: number;
  url: string;
  state: string;
  moved_to: string | null;
  consecutive_failures: number;
  checked_at: Date | null;
  archived_url: string | null;
  archived_at: Date | null;
}

export async function sourceRow(url: string): Promise<SourceRow | undefined> {
  const [row] = await sql<SourceRow[]>`select id::int, url, state, moved_to, consecutive_failures, checked_at, archived_url, archived_at
                                       from public.sources where url = ${url}`;
  return row;
}

/** The jobs still queued for a source (another check or capture to come). */
export async function jobsOfSource(sourceId: number): Promise<{ kind: string; payload: Record<string, unknown> }[]> {
  return await sql`select kind, payload from private.source_jobs where source_id = ${sourceId} order by kind`;
}

/**
 * Drains the queue until `read` satisfies `done` (other drains, the stack's
 * every-minute call included, may run some of the jobs meanwhile).
 */
export async function drainUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainJobs();
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`the sources jobs did not get there within ${timeoutMs / 1000} s: ${JSON.stringify(value)}`);
    // Jobs waiting on a host's turn or on Save Page Now are due a moment later.
    await delay(200);
  }
}

/** Each source's first check, after extraction: drained until every one of `urls` has been checked. */
export async function checkedSources(urls: string[]): Promise<Map<string, SourceRow>> {
  const rows = await drainUntil(
    () => Promise.all(urls.map(sourceRow)),
    (found) => found.every((row) => row?.checked_at),
  );
  return new Map(rows.map((row) => [row!.url, row!]));
}

/** Makes a source's next check due now, as its schedule would a day later. */
export async function makeCheckDue(sourceId: number): Promise<void> {
  await sql`update public.sources set next_check_at = now() where id = ${sourceId}`;
}
