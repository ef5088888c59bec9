import { z } from "zod";

/**
 * Every refusal and failure of the API, whatever its status: `error` is the
 * message for people, in the SPEC's words where it has some; `detail` repeats
 * it for clients written against the first version of the API.
 */
export const errorAnswer = z
  .object({
    error: z.string(),
    detail: z.string(),
  })
  .meta({ id: "Error", example: { error: "Post not found.", detail: "Post not found." } });

export type ErrorAnswer = z.infer<typeof errorAnswer>;
