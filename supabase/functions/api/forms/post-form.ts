import type { JSONValue } from "postgres";
import { z } from "zod";
import { fail } from "../../_shared/errors.ts";
import { isIsoTimestamp, parseTags } from "../../_shared/params.ts";

const infoBoxes = z.array(
  z.object({
    title: z.string().trim().min(1, "Each info box needs a title."),
    content: z.record(z.string(), z.string()).default({}),
    order: z.number().int().optional(),
  }),
).max(20, "At most 20 info boxes.");

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

async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    fail(415, "Send the post as multipart/form-data.");
  }
  try {
    return await request.formData();
  } catch {
    fail(400, "The form data could not be read.");
  }
}

function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

function files(form: FormData, name: string): File[] {
  return form.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) fail(400, result.error.issues[0]?.message ?? "The form is not valid.");
  return result.data;
}

/** POST /api/posts: the fields of SPEC §7, in the database's names. */
export async function readPostForm(request: Request) {
  const form = await readForm(request);
  const fields = parse(createFields, textFields(form));
  return {
    post: {
      title: fields.title,
      excerpt: fields.excerpt,
      content: fields.content,
      tags: parseTags(fields.tags),
      post_type: fields.postType,
      citations: fields.citations?.trim() || null,
      is_nsfw: fields.isNSFW,
      event_timestamp: fields.postType === "event" ? new Date(fields.eventTimestamp!).toISOString() : null,
      info_boxes: fields.infoBoxes.map((box, index) => ({ title: box.title, content: box.content, order: box.order ?? index })),
    },
    files: files(form, "media"),
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
export async function readPostUpdateForm(request: Request) {
  const form = await readForm(request);
  const raw = textFields(form);
  const fields = parse(updateFields, raw);
  const changes: Record<string, JSONValue> = {};
  for (const name of ["title", "excerpt", "content", "post_type"] as const) {
    if (fields[name] !== undefined) changes[name] = fields[name];
  }
  if (raw.tags !== undefined) changes.tags = parseTags(fields.tags);
  if (raw.citations !== undefined) changes.citations = fields.citations?.trim() || null;
  if (raw.is_nsfw !== undefined) changes.is_nsfw = fields.is_nsfw;
  if (raw.event_timestamp !== undefined) {
    if (fields.event_timestamp && !isIsoTimestamp(fields.event_timestamp)) {
      fail(400, "event_timestamp must be an ISO date and time.");
    }
    changes.event_timestamp = fields.event_timestamp ? new Date(fields.event_timestamp).toISOString() : null;
  }
  if (raw.infoBoxes !== undefined) {
    changes.info_boxes = parse(infoBoxesField, raw.infoBoxes)
      .map((box, index) => ({ title: box.title, content: box.content, order: box.order ?? index }));
  }
  // The SPA sends back the URLs it showed ("/images/abc.png"); the database knows file names.
  const keepMedia = form.getAll("existing_media_urls")
    .filter((value): value is string => typeof value === "string" && value.length > 0)
    .map((url) => url.split("/").pop()!);
  return { fields: changes, keepMedia, files: files(form, "new_media") };
}
