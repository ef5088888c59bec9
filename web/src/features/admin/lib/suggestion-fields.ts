import { isUnknownTime, parseTags } from "@/lib/post-fields-parse";
import type { EditSuggestion, InfoBox } from "@/types/api";

export type SuggestionField = "title" | "excerpt" | "content" | "tags" | "citations" | "is_nsfw" | "event_timestamp" | "info_boxes";

/** The order the review panel shows fields in (SPEC §3). */
export const suggestionFields: readonly SuggestionField[] = [
  "title",
  "excerpt",
  "content",
  "tags",
  "citations",
  "is_nsfw",
  "event_timestamp",
  "info_boxes",
];

export const fieldLabels: Record<SuggestionField, string> = {
  title: "Title",
  excerpt: "Excerpt",
  content: "Content",
  tags: "Tags",
  citations: "References",
  is_nsfw: "NSFW",
  event_timestamp: "Event date",
  info_boxes: "Info boxes",
};

export type FieldChange = {
  field: SuggestionField;
  label: string;
  original: string;
  suggested: string;
  /** Long text and info boxes get a word-level diff; short values are shown as they are. */
  diff: boolean;
};

/** Texts longer than this (or spanning lines) are diffed word by word. */
export const LONG_TEXT = 80;

type BoxLike = Pick<InfoBox, "title" | "content"> & { order?: number };

/** Info boxes as readable text: one block per box ("Title" then "key: value" lines), in order. */
export function infoBoxesText(boxes: readonly BoxLike[] | null | undefined): string {
  if (!boxes || boxes.length === 0) return "";
  return [...boxes]
    .map((box, index) => ({ box, order: box.order ?? index }))
    .sort((a, b) => a.order - b.order)
    .map(({ box }) => [box.title, ...Object.entries(box.content ?? {}).map(([key, value]) => `${key}: ${value}`)].join("\n"))
    .join("\n\n");
}

/**
 * An event timestamp as the reviewer reads it: a known time in their own zone;
 * an unknown time (stored as midnight UTC) as the day alone, read in UTC so it
 * is the same day everywhere.
 */
export function formatTimestamp(value: string | null | undefined, locale?: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return isUnknownTime(date)
    ? date.toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" })
    : date.toLocaleString(locale, { dateStyle: "long", timeStyle: "short" });
}

/** Stored tags as a readable list: "a, b, c". */
export function formatTags(value: string | null | undefined): string {
  return parseTags(value ?? "").join(", ");
}

function fieldText(field: SuggestionField, value: unknown): string {
  if (value === undefined || value === null) return "";
  switch (field) {
    case "is_nsfw":
      return value ? "Yes" : "No";
    case "event_timestamp":
      return formatTimestamp(String(value));
    case "info_boxes":
      return infoBoxesText(Array.isArray(value) ? (value as BoxLike[]) : []);
    case "tags":
      return formatTags(Array.isArray(value) ? value.join(",") : String(value));
    default:
      return String(value);
  }
}

/**
 * The fields an edit suggestion changes: those with a `suggested_*` key (the
 * API leaves it out when unchanged), in display order, as text for both sides.
 */
export function changedFields(suggestion: EditSuggestion): FieldChange[] {
  const record = suggestion as unknown as Record<string, unknown>;
  return suggestionFields
    .filter((field) => Object.prototype.hasOwnProperty.call(record, `suggested_${field}`))
    .map((field) => {
      const original = fieldText(field, record[`original_${field}`]);
      const suggested = fieldText(field, record[`suggested_${field}`]);
      const long =
        field === "info_boxes" ||
        field === "content" ||
        Math.max(original.length, suggested.length) > LONG_TEXT ||
        original.includes("\n") ||
        suggested.includes("\n");
      return { field, label: fieldLabels[field], original, suggested, diff: long };
    });
}
