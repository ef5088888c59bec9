import { z } from "zod";
import { fail } from "../http/errors.ts";
import { isIsoTimestamp } from "../http/params.ts";
import { maxUploadRequestBytes, mediaLimits } from "../media/storage.ts";
import { definedFields } from "./defined-fields.ts";
import { infoBoxInput } from "./info-boxes.ts";
import { type FormLimits, StreamedForm } from "./multipart.ts";

const infoBoxes = z.array(infoBoxInput);

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

/** An optional ISO date and time under the field name `name` (the create and update forms name it differently). */
const isoTimestamp = (name: string) =>
  z.string().optional().refine((value) => !value || isIsoTimestamp(value), `${name} must be an ISO date and time.`);

// Shape and types only: which fields are required, their limits and what an
// event needs are the database's rules and messages (private.create_post,
// private.normalize_post_changes, the posts triggers). Both forms name these alike.
const textFields = {
  title: z.string().optional(),
  excerpt: z.string().optional(),
  content: z.string().optional(),
  tags: z.string().optional(),
  citations: z.string().optional(),
};

const createFields = z.object({
  ...textFields,
  postType: z.string().optional(),
  isNSFW: flag,
  eventTimestamp: isoTimestamp("eventTimestamp"),
  infoBoxes: infoBoxesField,
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
    post: definedFields({
      title: fields.title,
      excerpt: fields.excerpt,
      content: fields.content,
      // Comma-separated: the database splits and normalises them (private.jsonb_to_tags).
      tags: fields.tags,
      post_type: fields.postType,
      citations: fields.citations,
      is_nsfw: fields.isNSFW,
      // Only an event has an event time; the database refuses an event without one.
      event_timestamp: fields.postType?.trim().toLowerCase() === "event" && fields.eventTimestamp
        ? new Date(fields.eventTimestamp).toISOString()
        : undefined,
      info_boxes: fields.infoBoxes,
    }),
    mediaField: "media",
  };
}

const updateFields = z.object({
  ...textFields,
  post_type: z.string().optional(),
  is_nsfw: flag,
  event_timestamp: isoTimestamp("event_timestamp"),
  infoBoxes: z.string().optional(),
  // Why, for the post's history; its length is the database's rule (private.admin_words).
  note: z.string().optional(),
});

/**
 * PUT /api/posts/{id}: only the fields sent change; existing_media_urls lists
 * the media to keep; `note` says why, for the post's history.
 */
export async function readPostUpdateFields(form: StreamedForm) {
  const entries = await form.textFields();
  const raw = firstValues(entries);
  const fields = parse(updateFields, raw);
  const changes = definedFields({
    title: fields.title,
    excerpt: fields.excerpt,
    content: fields.content,
    tags: fields.tags,
    citations: fields.citations,
    post_type: fields.post_type,
    is_nsfw: raw.is_nsfw === undefined ? undefined : fields.is_nsfw,
    // An empty value clears the event time.
    event_timestamp: raw.event_timestamp === undefined
      ? undefined
      : fields.event_timestamp ? new Date(fields.event_timestamp).toISOString() : null,
    info_boxes: raw.infoBoxes === undefined ? undefined : parse(infoBoxesField, raw.infoBoxes),
  });
  // The SPA sends back the URLs it showed ("/images/abc.png"); the database knows file names.
  const keepMedia = entries
    .filter(([name, value]) => name === "existing_media_urls" && value.length > 0)
    .map(([, url]) => url.split("/").pop()!);
  return { fields: changes, keepMedia, note: fields.note ?? null, mediaField: "new_media" };
}
