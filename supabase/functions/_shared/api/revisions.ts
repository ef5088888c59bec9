import { z } from "zod";

/** How a revision came about: a post's approval, an applied edit suggestion, an admin's edit. */
export const revisionKind = z.enum(["approval", "suggestion", "admin_edit"]).meta({ id: "RevisionKind" });

/** One entry of a post's history (private.revision_json). */
export const revision = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    kind: revisionKind,
    author_name: z.string().nullable().meta({ description: "Whose words: the post's author (approval) or the suggester; null for an admin's edit." }),
    reason: z.string().nullable().meta({ description: "The suggestion's summary or the admin's note; null while the content is hidden, except for admins." }),
    changed_fields: z.array(z.string()).meta({ description: "The fields that differ from the revision before (every field for the first)." }),
    content_hidden: z.boolean().meta({ description: "An admin hid its fields and reason from everyone but admins." }),
    created_at: z.string(),
  })
  .meta({
    id: "Revision",
    example: {
      id: 9,
      post_id: 42,
      kind: "suggestion",
      author_name: "Grace Hopper",
      reason: "The year was missing.",
      changed_fields: ["title"],
      content_hidden: false,
      created_at: "2026-05-04T09:00:00.123456+00:00",
    },
  });

/** A post's fields as a revision keeps them (private.post_snapshot). */
export const revisionFields = z
  .object({
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    tags: z.array(z.string()),
    citations: z.string().nullable(),
    post_type: z.string(),
    is_nsfw: z.boolean(),
    event_timestamp: z.string().nullable().meta({ description: "ISO 8601 in UTC with milliseconds." }),
    info_boxes: z.array(z.object({
      title: z.string(),
      content: z.record(z.string(), z.string()),
      entries: z.array(z.tuple([z.string(), z.string()])),
      order: z.number().int(),
    })),
  })
  .meta({ id: "RevisionFields" });

/** A revision with its fields: null while an admin hides them, except in an admin's read. */
export const revisionWithFields = revision
  // Unions, not .nullable(): the generator would make the component itself nullable.
  .extend({ fields: z.union([revisionFields, z.null()]) })
  .meta({ id: "RevisionWithFields" });

/** GET /api/posts/{id}/revisions: a page of the post's history, newest first. */
export const revisionPage = z
  .object({
    post: z.object({ id: z.number().int(), title: z.string() }),
    revisions: z.array(revision),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "RevisionPage" });

/** GET /api/posts/{id}/revisions/{revisionId}: the revision and the one before it (null for the first), to diff. */
export const revisionComparison = z
  .object({
    revision: revisionWithFields,
    previous: z.union([revisionWithFields, z.null()]),
  })
  .meta({ id: "RevisionComparison" });

export type RevisionKind = z.infer<typeof revisionKind>;
export type Revision = z.infer<typeof revision>;
export type RevisionFields = z.infer<typeof revisionFields>;
export type RevisionWithFields = z.infer<typeof revisionWithFields>;
export type RevisionPage = z.infer<typeof revisionPage>;
export type RevisionComparison = z.infer<typeof revisionComparison>;
