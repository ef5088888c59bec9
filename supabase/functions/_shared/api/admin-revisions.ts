import { z } from "zod";

/**
 * POST /api/admin/revisions/{id}/hide and /unhide (admins). GET
 * /api/admin/revisions/{id} answers a RevisionComparison (./revisions.ts),
 * with the fields and reasons an admin hid.
 */
export const revisionHiddenAnswer = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "The revision's content is hidden." }),
});

export type RevisionHiddenAnswer = z.infer<typeof revisionHiddenAnswer>;
