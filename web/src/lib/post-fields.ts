/**
 * The editable fields of a post as every form holds them (create, suggest an
 * edit, admin edit): one values type, one schema. The parsers between typed
 * text and field values are in post-fields-parse.ts (no zod: lists use them). Wire names live only in post-fields-wire.ts; limits
 * and their messages are the database's (SPEC §5 texts only here).
 */
import { z } from "@/lib/zod";
import type { InfoBox, InfoBoxEntry, Post } from "@/types/api";
import { eventTimestamp, formatInfoBoxLines, infoBoxEntries, parseInfoBoxLines, parseTags, splitEventTimestamp } from "./post-fields-parse";

/** An info box as a form holds it: a title and its content as `key: value` lines. */
export type InfoBoxDraft = { title: string; lines: string };

/** An info box as the API takes it: the SPEC's content map, and its entries in the order typed. */
export type InfoBoxPayload = { title: string; content: Record<string, string>; entries: InfoBoxEntry[] };

const required = (message: string) => z.string().refine((value) => value.trim().length > 0, message);

export const EVENT_DATE_REQUIRED_MESSAGE = "An event needs an event date.";

/** The form-side rules: required fields and an event's date (SPEC §5). */
export const postFieldsSchema = z
  .object({
    title: required("Enter a title"),
    excerpt: required("Enter a lead summary"),
    content: required("Enter the content"),
    citations: z.string(),
    tags: z.string(),
    postType: z.string().min(1),
    isNsfw: z.boolean(),
    /** yyyy-mm-dd, or "" for none. */
    eventDate: z.string(),
    /** HH:mm (local), or "" when unknown. */
    eventTime: z.string(),
    timeUnknown: z.boolean(),
    infoBoxes: z.array(z.object({ title: z.string(), lines: z.string() })),
  })
  .superRefine((values, ctx) => {
    if (values.postType === "event" && !eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown)) {
      ctx.addIssue({ code: "custom", path: ["eventDate"], message: EVENT_DATE_REQUIRED_MESSAGE });
    }
  });
export type PostFieldValues = z.infer<typeof postFieldsSchema>;

export const emptyPostFields: PostFieldValues = {
  title: "",
  excerpt: "",
  content: "",
  citations: "",
  tags: "",
  postType: "discussion",
  isNsfw: false,
  eventDate: "",
  eventTime: "",
  timeUnknown: false,
  infoBoxes: [],
};

/** Article types offered; the server accepts any value (SPEC §3: other values may appear). */
export const postTypes = [
  { value: "discussion", label: "Discussion" },
  { value: "event", label: "Event" },
  { value: "news", label: "News" },
  { value: "other", label: "Other" },
] as const;

type OrderedBox = Pick<InfoBox, "title" | "content"> & { entries?: InfoBoxEntry[]; order?: number };

/** Boxes in their display order (a box without `order` keeps its place). */
export function sortInfoBoxes<Box extends OrderedBox>(boxes: readonly Box[]): Box[] {
  return boxes
    .map((box, index) => ({ box, order: box.order ?? index }))
    .sort((a, b) => a.order - b.order)
    .map(({ box }) => box);
}

/** The form's starting values from the post as it is. */
export function postFieldValues(post: Post, infoBoxes: readonly OrderedBox[] = []): PostFieldValues {
  const event = splitEventTimestamp(post.event_timestamp);
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content ?? "",
    citations: post.citations ?? "",
    tags: parseTags(post.tags ?? "").join(", "),
    postType: post.post_type || "discussion",
    isNsfw: post.is_nsfw,
    eventDate: event.date,
    eventTime: event.time,
    timeUnknown: event.timeUnknown,
    infoBoxes: sortInfoBoxes(infoBoxes).map((box) => ({ title: box.title, lines: formatInfoBoxLines(infoBoxEntries(box)) })),
  };
}

/** The boxes to send: a box without a title is simply not added (SPEC §5). */
export function infoBoxesFromDrafts(drafts: readonly InfoBoxDraft[]): InfoBoxPayload[] {
  return drafts
    .filter((box) => box.title.trim())
    .map((box) => infoBoxPayload(box.title.trim(), parseInfoBoxLines(box.lines)));
}

/** A box to send, from its entries (the map is built from them). */
export function infoBoxPayload(title: string, entries: InfoBoxEntry[]): InfoBoxPayload {
  return { title, content: Object.fromEntries(entries), entries };
}
