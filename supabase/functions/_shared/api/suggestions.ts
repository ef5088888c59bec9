import { z } from "zod";

/** POST /api/suggestions: the suggestion is sent; its id. */
export const suggestionSent = z
  .object({ success: z.literal(true), id: z.uuid() })
  .meta({ example: { success: true, id: "0b6c7f5e-8a8d-4a43-9a57-3f3c2f8f1e2d" } });

export type SuggestionSent = z.infer<typeof suggestionSent>;
