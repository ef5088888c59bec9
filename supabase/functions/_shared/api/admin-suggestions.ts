import { z } from "zod";

/**
 * /api/admin/suggestions (moderators and admins): members' edit suggestions
 * waiting for review (private.pending_edit_suggestions), and the general
 * suggestion box (private.list_suggestions). Each page has `nextCursor`
 * (pass it back as `cursor`; null at the end or without `limit`) and
 * `total`, how many the whole list holds.
 */

// The fields a suggestion may change, as the database snapshots them; tags
// are comma-separated text, as posts carry them.
const suggestedInfoBox = z.object({
  title: z.string(),
  content: z.record(z.string(), z.string()),
  /** The keys' order; absent in suggestions made before it was kept. */
  entries: z.array(z.tuple([z.string(), z.string()])).optional(),
  order: z.number().int(),
});

const suggestableFields = {
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  tags: z.string(),
  citations: z.string().nullable(),
  is_nsfw: z.boolean(),
  event_timestamp: z.string().nullable(),
  info_boxes: z.array(suggestedInfoBox),
};

type Field = keyof typeof suggestableFields;
const prefixed = <Prefix extends string>(prefix: Prefix) =>
  Object.fromEntries(Object.entries(suggestableFields).map(([key, schema]) => [`${prefix}${key}`, schema.optional()])) as {
    [K in Field as `${Prefix}${K}`]: z.ZodOptional<(typeof suggestableFields)[K]>;
  };

export const pendingEditSuggestion = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    post_title: z.string(),
    summary: z.string(),
    status: z.enum(["pending", "approved", "rejected"]),
    user_name: z.string().nullable(),
    created_at: z.string(),
    ...prefixed("original_"),
    ...prefixed("suggested_"),
  })
  .meta({
    id: "PendingEditSuggestion",
    description: "An edit suggestion waiting for review: original_* and suggested_* only for the fields it changes.",
    example: {
      id: 18,
      post_id: 7,
      post_title: "The first meeting",
      summary: "The date was wrong.",
      status: "pending",
      user_name: "Ada L.",
      created_at: "2026-12-01T10:02:33.120417+00:00",
      original_event_timestamp: "1998-05-02T00:00:00.000Z",
      suggested_event_timestamp: "1998-05-03T00:00:00.000Z",
    },
  });

export type PendingEditSuggestion = z.infer<typeof pendingEditSuggestion>;

const nextCursor = z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." });

export const pendingEditSuggestionsPage = z.object({
  suggestions: z.array(pendingEditSuggestion),
  total: z.number().int(),
  nextCursor,
});

export type PendingEditSuggestionsPage = z.infer<typeof pendingEditSuggestionsPage>;

export const userSuggestion = z
  .object({
    id: z.uuid(),
    userName: z.string().nullable(),
    /** The sender's address, for admins only (null for moderators). */
    userEmail: z.string().nullable(),
    /** When it was sent. */
    timestamp: z.string(),
    suggestion: z.string(),
    /** new until read, then reviewed. */
    status: z.string(),
  })
  .meta({
    id: "UserSuggestion",
    description: "A general suggestion in the suggestion box.",
    example: {
      id: "5d9e2a7c-31f4-4b8e-a0d6-7c2f9e1b4a58",
      userName: "Ada L.",
      userEmail: "ada@example.com",
      timestamp: "2026-12-01T10:02:33.120417+00:00",
      suggestion: "A map of the meeting places would help.",
      status: "new",
    },
  });

export type UserSuggestion = z.infer<typeof userSuggestion>;

export const suggestionBoxPage = z.object({
  suggestions: z.array(userSuggestion),
  total: z.number().int(),
  nextCursor,
});

export type SuggestionBoxPage = z.infer<typeof suggestionBoxPage>;

export const suggestionReviewedAnswer = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "Suggestion approved." }),
});

export const suggestionStatusAnswer = z.object({
  success: z.literal(true),
  status: z.enum(["new", "reviewed"]),
});

export type SuggestionStatusAnswer = z.infer<typeof suggestionStatusAnswer>;
