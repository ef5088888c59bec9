import type { JSONValue } from "postgres";
import { z } from "zod";
import { fail } from "../../_shared/errors.ts";
import { maxUploadRequestBytes, mediaLimits } from "../../_shared/media.ts";
import { type FormLimits, StreamedForm } from "../../_shared/multipart.ts";
import { isIsoTimestamp } from "../../_shared/params.ts";

// Shape and types only: a title, how many and how large are the database's
// rules (private.check_info_box, private.info_boxes_validate), with its messages.
const infoBoxes = z.array(
  z.object({
    title: z.string(),
    content: z.record(z.string(), z.string()).optional(),
    order: z.number().int().optional(),
  }),
);

/** Info boxes come as a JSON list inside a form field. */
const infoBoxesField = z.string().optional().transform((value, ctx) => {
  if (!value) return [];
  try {
    return infoBoxes.parse(JSON.parse(value));
  } catch (err) {
    const message = err instanceof z.ZodError ? err.issues[0]?.message : "infoBoxes must be a JSON list.";
    ctx.addIssue({ code: "custom", message: message ?? "infoBoxes is not valid." });
    return z.NEVER;
  }
});

const flag = z.enum(["1", "0", "true", "false"]).optional().transform((value) => value === "1" || value === "true");

const createFields = z.object({
  title: z.string({ error: "Title is required." }).trim().min(1, "Title is required."),
  excerpt: z.string({ error: "Excerpt is required." }).trim().min(1, "Excerpt is required."),
  content: z.string({ error: "Content is required." }).trim().min(1, "Content is required."),
  tags: z.string().optional(),
  postType: z.string().trim().toLowerCase().default("discussion"),
  citations: z.string().optional(),
  isNSFW: flag,
  eventTimestamp: z.string().optional(),
  infoBoxes: infoBoxesField,
}).superRefine((fields, ctx) => {
  if (fields.postType === "event" && !fields.eventTimestamp) {
    ctx.addIssue({ code: "custom", path: ["eventTimestamp"], message: "An event needs an event date." });
  }
  if (fields.eventTimestamp && !isIsoTimestamp(fields.eventTimestamp)) {
    ctx.addIssue({ code: "custom", path: ["eventTimestamp"], message: "eventTimestamp must be an ISO date and time." });
  }
});

/** Text fields are small: content tops out at 100,000 characters, info boxes at 20 × 20,000. */
const formLimits: FormLimits = {
  maxBodyBytes: maxUploadRequestBytes,
  maxTextBytes: 2 * 1024 * 1024,
  maxTextFields: 60,
  maxFiles: mediaLimits.maxFiles,
  tooManyFilesMessage: `At most ${mediaLimits.maxFiles} media files per post.`,
};

/** The form of POST and PUT /api/posts, read as it streams; its text fields come first. */
export const openPostForm = (request: Request) => new StreamedForm(request, formLimits);

/** The first value of each text field (as FormData.get would give it). */
function firstValues(entries: [string, string][]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) if (!(name in fields)) fields[name] = value;
  return fields;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) fail(400, result.error.issues[0]?.message ?? "The form is not valid.");
  return result.data;
}

/** POST /api/posts: the fields of SPEC §7, in the database's names, and the field its files come in. */
export async function readPostFields(form: StreamedForm) {
  const fields = parse(createFields, firstValues(await form.textFields()));
  return {
    post: {
      title: fields.title,
      excerpt: fields.excerpt,
      content: fields.content,
      // Comma-separated: the database splits and normalises them (private.jsonb_to_tags).
      tags: fields.tags ?? null,
      post_type: fields.postType,
      citations: fields.citations?.trim() || null,
      is_nsfw: fields.isNSFW,
      event_timestamp: fields.postType === "event" ? new Date(fields.eventTimestamp!).toISOString() : null,
      info_boxes: fields.infoBoxes,
    },
    mediaField: "media",
  };
}

const updateFields = z.object({
  title: z.string().trim().min(1, "Title is required.").optional(),
  excerpt: z.string().trim().min(1, "Excerpt is required.").optional(),
  content: z.string().trim().min(1, "Content is required.").optional(),
  tags: z.string().optional(),
  citations: z.string().optional(),
  post_type: z.string().trim().toLowerCase().optional(),
  is_nsfw: flag,
  event_timestamp: z.string().optional(),
  infoBoxes: z.string().optional(),
});

/** PUT /api/posts/{id}: only the fields sent change; existing_media_urls lists the media to keep. */
export async function readPostUpdateFields(form: StreamedForm) {
  const entries = await form.textFields();
  const raw = firstValues(entries);
  const fields = parse(updateFields, raw);
  const changes: Record<string, JSONValue> = {};
  for (const name of ["title", "excerpt", "content", "post_type"] as const) {
    if (fields[name] !== undefined) changes[name] = fields[name];
  }
  if (fields.tags !== undefined) changes.tags = fields.tags;
  if (raw.citations !== undefined) changes.citations = fields.citations?.trim() || null;
  if (raw.is_nsfw !== undefined) changes.is_nsfw = fields.is_nsfw;
  if (raw.event_timestamp !== undefined) {
    if (fields.event_timestamp && !isIsoTimestamp(fields.event_timestamp)) {
      fail(400, "event_timestamp must be an ISO date and time.");
    }
    changes.event_timestamp = fields.event_timestamp ? new Date(fields.event_timestamp).toISOString() : null;
  }
  if (raw.infoBoxes !== undefined) changes.info_boxes = parse(infoBoxesField, raw.infoBoxes);
  // The SPA sends back the URLs it showed ("/images/abc.png"); the database knows file names.
  const keepMedia = entries
    .filter(([name, value]) => name === "existing_media_urls" && value.length > 0)
    .map(([, url]) => url.split("/").pop()!);
  return { fields: changes, keepMedia, mediaField: "new_media" };
}
