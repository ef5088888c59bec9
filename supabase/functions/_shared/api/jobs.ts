import { z } from "zod";

/** What one job came to in a drain. */
export const jobReport = z.object({
  id: z.number().int(),
  kind: z.enum(["extract", "check", "preserve"]),
  postId: z.number().int().nullable(),
  sourceId: z.number().int().nullable(),
  outcome: z.enum(["done", "later", "failed"]).meta({ description: "later: retried after a wait; failed: retried afresh." }),
  detail: z.string(),
});

/** POST /api/jobs/sources: what one drain of the sources' job queue did. */
export const drainReport = z
  .object({
    worker: z.uuid().meta({ description: "This drain's id, which leased its jobs." }),
    checksDue: z.number().int().nonnegative().meta({ description: "Sources whose scheduled check became a job." }),
    jobs: z.array(jobReport),
    ms: z.number().int().nonnegative().meta({ description: "How long the drain took, in milliseconds." }),
  })
  .meta({
    id: "DrainReport",
    example: {
      worker: "3d1f0c2a-5b6e-4f7a-8c9d-0e1f2a3b4c5d",
      checksDue: 1,
      jobs: [{ id: 5, kind: "check", postId: null, sourceId: 12, outcome: "done", detail: "alive" }],
      ms: 840,
    },
  });

export type JobReport = z.infer<typeof jobReport>;
export type DrainReport = z.infer<typeof drainReport>;

/** What became of one e-mail in a drain. */
export const emailReport = z.object({
  id: z.number().int().meta({ description: "The e-mail's id in the outbox." }),
  outcome: z.enum(["sent", "skipped", "retrying", "failed"]).meta({
    description: "skipped: nothing was left to tell, or no address to tell it to; retrying: sent again later, with backoff; failed: given up.",
  }),
  items: z.number().int().nonnegative().meta({ description: "How many notifications it told of." }),
  detail: z.string().meta({ description: "The e-mail API's id for it, or why it was not sent." }),
});

/** POST /api/jobs/email: what one drain of the e-mail outbox did. */
export const emailDrainReport = z
  .object({
    worker: z.uuid().meta({ description: "This drain's id, which leased its e-mails." }),
    eventsFannedOut: z.number().int().nonnegative().meta({ description: "Follow events turned into followers' notifications." }),
    digestsQueued: z.number().int().nonnegative().meta({ description: "Daily digests that came due." }),
    emails: z.array(emailReport),
    ms: z.number().int().nonnegative().meta({ description: "How long the drain took, in milliseconds." }),
  })
  .meta({
    id: "EmailDrainReport",
    example: {
      worker: "3d1f0c2a-5b6e-4f7a-8c9d-0e1f2a3b4c5d",
      eventsFannedOut: 2,
      digestsQueued: 1,
      emails: [{ id: 31, outcome: "sent", items: 3, detail: "4ef9a417-02e9-4d39-ad75-9611e0fcc33c" }],
      ms: 410,
    },
  });

export type EmailReport = z.infer<typeof emailReport>;
export type EmailDrainReport = z.infer<typeof emailDrainReport>;
