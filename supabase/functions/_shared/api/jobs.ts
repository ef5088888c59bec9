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
