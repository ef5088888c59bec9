import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import { errorAnswer } from "../../_shared/api/errors.ts";
import { drainReport, emailDrainReport } from "../../_shared/api/jobs.ts";
import { drainEmail } from "../email/drain.ts";
import { sourcesEnv } from "../env.ts";
import { fail } from "../http/errors.ts";
import { errors, json, newRouter } from "../http/openapi.ts";
import { drainSourceJobs } from "../sources/drain.ts";

/**
 * /jobs: work run on a schedule, not by people. Supabase Cron calls
 * POST /jobs/sources and POST /jobs/email every minute with the secret in
 * `x-jobs-secret` (docs/deploy.md); the local stack does the same.
 */
export const jobsRouter = newRouter();

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compared in constant time (of equal-length digests), so the answer's timing tells nothing of the secret. */
function isJobSecret(given: string | undefined): boolean {
  return Boolean(given) && timingSafeEqual(digest(given!), digest(sourcesEnv.jobSecret));
}

/** The one credential of a job's call: declared as a parameter, not a request schema, so a missing header stays a 401 checked in the handler (after the 503). */
const jobSecretHeader = {
  name: "x-jobs-secret",
  in: "header" as const,
  required: true,
  description: "The job secret (SOURCES_JOB_SECRET).",
  schema: { type: "string" as const },
};

function requireJobSecret(given: string | undefined): void {
  if (!sourcesEnv.jobSecret) fail(503, "The jobs are not configured (SOURCES_JOB_SECRET).");
  if (!isJobSecret(given)) fail(401, "A valid x-jobs-secret header is required.");
}

jobsRouter.openapi(
  createRoute({
    method: "post",
    path: "/sources",
    operationId: "runSourceJobs",
    tags: ["Jobs"],
    summary: "Run the sources' due jobs (called by the scheduler)",
    description:
      "Extracts, checks and preserves cited sources until none is due or the time budget is spent. " +
      "Not for people: Supabase Cron calls it every minute with the job secret (docs/deploy.md). " +
      "401 without the right secret; 503 where no secret is configured.",
    // No user's token: the secret header below is the only credential.
    security: [],
    parameters: [jobSecretHeader],
    responses: {
      200: json(drainReport, "What the drain did."),
      ...errors(),
      401: json(errorAnswer, "The x-jobs-secret header is missing or wrong."),
      503: json(errorAnswer, "No job secret is configured (SOURCES_JOB_SECRET), or the archive is briefly unavailable."),
    },
  }),
  async (c) => {
    requireJobSecret(c.req.header("x-jobs-secret"));
    return c.json(await drainSourceJobs(), 200);
  },
);

jobsRouter.openapi(
  createRoute({
    method: "post",
    path: "/email",
    operationId: "runEmailJobs",
    tags: ["Jobs"],
    summary: "Tell followers, queue digests and send due e-mails (called by the scheduler)",
    description:
      "Turns new posts and comments into their followers' notifications, queues the daily digests that are due, " +
      "then sends due e-mails through the e-mail API (retried with backoff) until none is due or the time budget is spent. " +
      "Not for people: Supabase Cron calls it every minute with the job secret (docs/deploy.md). " +
      "Without RESEND_API_KEY and EMAIL_FROM it sends nothing and leaves the outbox as it is. " +
      "401 without the right secret; 503 where no secret is configured.",
    security: [],
    parameters: [jobSecretHeader],
    responses: {
      200: json(emailDrainReport, "What the drain did."),
      ...errors(),
      401: json(errorAnswer, "The x-jobs-secret header is missing or wrong."),
      503: json(errorAnswer, "No job secret is configured (SOURCES_JOB_SECRET), or the archive is briefly unavailable."),
    },
  }),
  async (c) => {
    requireJobSecret(c.req.header("x-jobs-secret"));
    return c.json(await drainEmail(), 200);
  },
);
