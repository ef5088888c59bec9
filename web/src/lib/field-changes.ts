import { infoBoxEntries, isUnknownTime, parseTags } from "@/lib/post-fields-parse";
import type { InfoBox } from "@/types/api";
import { editablePostFields, postFieldLabels, type PostField } from "@/lib/post-fields-list";
import { formatDate } from "./date-format";

/** One field of a post, before and after a change, as text people read. */
export type FieldChange = {
  field: PostField;
  label: string;
  before: string;
  after: string;
  /** Written text (and any long value) gets a word-level diff; a type, a flag, a date or tags are shown as they are. */
  diff: boolean;
};

/** Texts longer than this (or spanning lines) are diffed word by word. */
export const LONG_TEXT = 80;

type BoxLike = Pick<InfoBox, "title" | "content"> & Partial<Pick<InfoBox, "entries" | "order">>;

/** Info boxes as readable text: one block per box ("Title" then "key: value" lines), in order. */
export function infoBoxesText(boxes: readonly BoxLike[] | null | undefined): string {
  if (!boxes || boxes.length === 0) return "";
  return [...boxes]
    .map((box, index) => ({ box, order: box.order ?? index }))
    .sort((a, b) => a.order - b.order)
    .map(({ box }) => [box.title, ...infoBoxEntries(box).map(([key, value]) => `${key}: ${value}`)].join("\n"))
    .join("\n\n");
}

/**
 * An event timestamp as the reader reads it: a known time in their own zone;
 * an unknown time (stored as midnight UTC) as the day alone, read in UTC so it
 * is the same day everywhere.
 */
export function formatTimestamp(value: string | null | undefined, locale?: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return isUnknownTime(date)
    ? formatDate(date, locale, { dateStyle: "long", timeZone: "UTC" })
    : formatDate(date, locale, { dateStyle: "long", timeStyle: "short" });
}

/** Stored tags as a readable list: "a, b, c". */
export function formatTags(value: string | null | undefined): string {
  return parseTags(value ?? "").join(", ");
}

/** One field's value as text people read: "Yes" for a flag, a date in words, tags as a list. */
export function fieldText(field: PostField, value: unknown): string {
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

/** The fields people write sentences in: a change of a word there is worth marking. */
const writtenFields: readonly PostField[] = ["title", "excerpt", "content", "info_boxes"];

/** A field's two values as text, marked for a word diff when it is written text or long. */
export function fieldChange(field: PostField, beforeValue: unknown, afterValue: unknown): FieldChange {
  const before = fieldText(field, beforeValue);
  const after = fieldText(field, afterValue);
  const diff =
    writtenFields.includes(field) || Math.max(before.length, after.length) > LONG_TEXT || before.includes("\n") || after.includes("\n");
  return { field, label: postFieldLabels[field].name, before, after, diff };
}

/**
 * The fields that differ between two versions of a post (the snapshots a
 * revision keeps), in display order; with no earlier version, every field
 * that has a value.
 */
export function changedSnapshotFields(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  return editablePostFields
    .map((field) => fieldChange(field, before?.[field], after[field]))
    .filter((change) => change.before !== change.after);
}
