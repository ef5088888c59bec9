import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { sourcesEnv } from "../env.ts";
import { fail } from "../http/errors.ts";
import { drainSourceJobs } from "../sources/drain.ts";

/**
 * /jobs: work run on a schedule, not by people. Supabase Cron calls
 * POST /jobs/sources every minute with the secret in `x-jobs-secret`
 * (docs/deploy.md); the local stack does the same.
 */
export const jobsRouter = new Hono<AppEnv>();

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared in constant time (of equal-length digests), so the answer's timing tells nothing of the secret. */
function isJobSecret(given: string | undefined): boolean {
  return Boolean(given) && timingSafeEqual(digest(given!), digest(sourcesEnv.jobSecret));
}

jobsRouter.post("/sources", async (c) => {
  if (!sourcesEnv.jobSecret) fail(503, "The sources jobs are not configured (SOURCES_JOB_SECRET).");
  if (!isJobSecret(c.req.header("x-jobs-secret"))) fail(401, "A valid x-jobs-secret header is required.");
  return c.json(await drainSourceJobs());
});
