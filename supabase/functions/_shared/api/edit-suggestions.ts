import { z } from "zod";

/**
 * An info box as clients send it (SPEC §3: title, content, order), plus
 * `entries`, the content as [key, value] pairs in the author's order. The
 * api function reads it with forms/info-boxes.ts, which gives a box sent
 * with `content` alone its entries.
 */
export const infoBoxInput = z
  .object({
    title: z.string(),
    content: z.record(z.string(), z.string()).optional(),
    entries: z.array(z.tuple([z.string(), z.string()])).optional(),
    order: z.number().int().optional(),
  })
  .meta({ id: "InfoBoxInput", example: { title: "Where", entries: [["Place", "Old mill"]] } });

/**
 * POST /api/posts/{id}/suggestions: the fields to change (those sent) and
 * why. Shape and types only: what may change, how (empty, too long, no change
 * at all) and what the suggestion keeps are the database's rules
 * (private.edit_suggestions_before_insert, private.normalize_post_changes).
 */
export const editSuggestionRequest = z
  .object({
    title: z.string().optional(),
    excerpt: z.string().optional(),
    content: z.string().optional(),
    tags: z.union([z.string(), z.array(z.string())]).optional().meta({ description: "A list, or a comma-separated string." }),
    citations: z.string().nullable().optional(),
    is_nsfw: z.boolean().optional(),
    event_timestamp: z.iso.datetime({ offset: true, error: "event_timestamp must be an ISO date and time." })
      .nullable().optional(),
    infoBoxes: z.array(infoBoxInput).optional().meta({ description: "The post's info boxes as they should be." }),
    originalInfoBoxes: z.unknown().optional().meta({ description: "Ignored: the database snapshots the originals itself." }),
    summary: z.string().default("").meta({ description: "Why, for the reviewer and the post's history." }),
  })
  .meta({ id: "EditSuggestionRequest", example: { title: "Opening of the community garden (1998)", summary: "The year was missing." } });

/** The suggestion waits for review. */
export const editSuggestionCreated = z
  .object({
    success: z.literal(true),
    id: z.number().int(),
    message: z.string(),
  })
  .meta({
    id: "EditSuggestionCreated",
    example: { success: true, id: 8, message: "Your suggestion has been submitted for review. Thank you!" },
  });

export type InfoBoxInput = z.infer<typeof infoBoxInput>;
export type EditSuggestionRequest = z.infer<typeof editSuggestionRequest>;
export type EditSuggestionCreated = z.infer<typeof editSuggestionCreated>;
