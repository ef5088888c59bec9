import { z } from "@/lib/zod";
import { api } from "@/lib/api-client";
import { eventTimestamp, formatInfoBoxLines, parseInfoBoxLines, parseTags, splitEventTimestamp } from "@/lib/post-fields";
import type { InfoBox, Post } from "@/types/api";

export const NO_CHANGES_MESSAGE = "You haven't made any changes.";
export const NO_SUMMARY_MESSAGE = "Please provide a brief summary of your edits.";
export const SUGGESTION_SUCCESS_MESSAGE = "Your suggestion has been submitted for review. Thank you!";
export const SUGGESTION_TOAST_MS = 5000;

/** Step 1 of the suggest-edit modal: the editable fields (media cannot be changed). */
export const editFieldsSchema = z.object({
  title: z.string().refine((value) => value.trim().length > 0, "Title cannot be empty"),
  excerpt: z.string().refine((value) => value.trim().length > 0, "Excerpt cannot be empty"),
  content: z.string().refine((value) => value.trim().length > 0, "Content cannot be empty"),
  tags: z.string(),
  citations: z.string(),
  isNSFW: z.boolean(),
  eventDate: z.string(),
  eventTime: z.string(),
  timeUnknown: z.boolean(),
  infoBoxes: z.array(z.object({ title: z.string(), lines: z.string() })),
});
export type EditFields = z.infer<typeof editFieldsSchema>;

/** Step 2: the summary, required after trimming (SPEC §5). */
export const summarySchema = z.string().transform((value) => value.trim()).pipe(z.string().min(1, NO_SUMMARY_MESSAGE));

/** The form's starting values from the post as it is. */
export function initialEditFields(post: Post, infoBoxes: InfoBox[]): EditFields {
  const event = splitEventTimestamp(post.event_timestamp);
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content ?? "",
    tags: parseTags(post.tags ?? "").join(", "),
    citations: post.citations ?? "",
    isNSFW: post.is_nsfw,
    eventDate: event.date,
    eventTime: event.time,
    timeUnknown: event.timeUnknown,
    infoBoxes: sortBoxes(infoBoxes).map((box) => ({ title: box.title, lines: formatInfoBoxLines(box.content) })),
  };
}

type BoxPayload = { title: string; content: Record<string, string> };

function sortBoxes(boxes: InfoBox[]): InfoBox[] {
  return [...boxes].sort((a, b) => a.order - b.order);
}

function sameBoxes(a: BoxPayload[], b: BoxPayload[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function normalizedTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

export type EditSuggestionChanges = {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string;
  citations?: string;
  is_nsfw?: boolean;
  event_timestamp?: string | null;
  infoBoxes?: BoxPayload[];
  originalInfoBoxes?: BoxPayload[];
};

/** Only the fields that differ from the post (SPEC §5). Empty object = no changes. */
export function changedFields(post: Post, infoBoxes: InfoBox[], values: EditFields): EditSuggestionChanges {
  const changes: EditSuggestionChanges = {};
  if (values.title.trim() !== post.title.trim()) changes.title = values.title.trim();
  if (values.excerpt.trim() !== post.excerpt.trim()) changes.excerpt = values.excerpt.trim();
  if (values.content.trim() !== (post.content ?? "").trim()) changes.content = values.content;
  // Tags are a set: a new order alone is no change.
  const tags = parseTags(values.tags);
  if ([...tags].sort().join(",") !== parseTags(post.tags ?? "").sort().join(",")) changes.tags = tags.join(",");
  if (values.citations.trim() !== (post.citations ?? "").trim()) changes.citations = values.citations.trim();
  if (values.isNSFW !== post.is_nsfw) changes.is_nsfw = values.isNSFW;
  const timestamp = values.eventDate ? eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown) : null;
  if (timestamp !== normalizedTimestamp(post.event_timestamp)) changes.event_timestamp = timestamp;
  const original = sortBoxes(infoBoxes).map((box) => ({ title: box.title, content: box.content }));
  const next = values.infoBoxes
    .filter((box) => box.title.trim())
    .map((box) => ({ title: box.title.trim(), content: parseInfoBoxLines(box.lines) }));
  if (!sameBoxes(original, next)) {
    changes.infoBoxes = next;
    changes.originalInfoBoxes = original;
  }
  return changes;
}

/** POST /api/posts/{id}/suggestions. */
export async function submitEditSuggestion(postId: number, changes: EditSuggestionChanges, summary: string): Promise<void> {
  await api.post(`/api/posts/${postId}/suggestions`, { ...changes, summary: summarySchema.parse(summary) });
}
