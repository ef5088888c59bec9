/**
 * Parsers between what people type into the post fields and the stored values
 * (SPEC §4, §5). Kept apart from the schema in post-fields.ts so the lists,
 * which only read posts, do not load zod.
 */
import type { InfoBoxEntry } from "@/types/api";

/**
 * Info box entries from `key: value` lines, in the order typed: lines without
 * a colon or without a key are ignored; the value keeps any further colons.
 * Keys and values are trimmed; a key typed twice keeps its first place and its last value.
 */
export function parseInfoBoxLines(text: string): InfoBoxEntry[] {
  // A Map keeps its keys in insertion order, numeric-looking ones too (an object would put "2019" first).
  const entries = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim();
    if (!key) continue;
    entries.set(key, line.slice(colon + 1).trim());
  }
  return [...entries];
}

/** The reverse of parseInfoBoxLines: one `key: value` line per entry. */
export function formatInfoBoxLines(entries: readonly InfoBoxEntry[]): string {
  return entries.map(([key, value]) => `${key}: ${value}`).join("\n");
}

/** A box's entries in the author's order; a box without `entries` gives its map's order. */
export function infoBoxEntries(box: { content?: Record<string, string> | null; entries?: readonly InfoBoxEntry[] | null }): InfoBoxEntry[] {
  return box.entries ? [...box.entries] : Object.entries(box.content ?? {});
}

/** Tags typed as a comma-separated list: trimmed, lowercased, de-duplicated, empty ones dropped. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(",").map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** True when a timestamp is exactly midnight UTC: how an event of unknown time is stored. */
export function isUnknownTime(value: Date): boolean {
  return value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 && value.getUTCMilliseconds() === 0;
}

/**
 * The event timestamp (ISO) of a date and a local time. Without a time, or
 * with "Time unknown", it is midnight (SPEC §4) in UTC, so every visitor sees
 * the same day whatever their time zone. Null without a valid date.
 */
export function eventTimestamp(date: string, time: string | undefined, timeUnknown: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  const known = !timeUnknown && time && /^\d{2}:\d{2}/.test(time);
  const value = known
    ? new Date(year, month - 1, day, ...(time.split(":").map(Number) as [number, number]))
    : new Date(Date.UTC(year, month - 1, day));
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** The date, local time and "Time unknown" of an event timestamp, the reverse of eventTimestamp. */
export function splitEventTimestamp(iso: string | null | undefined): { date: string; time: string; timeUnknown: boolean } {
  const value = iso ? new Date(iso) : null;
  if (!value || Number.isNaN(value.getTime())) return { date: "", time: "", timeUnknown: false };
  if (isUnknownTime(value)) {
    return { date: `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`, time: "", timeUnknown: true };
  }
  return {
    date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`,
    time: `${pad(value.getHours())}:${pad(value.getMinutes())}`,
    timeUnknown: false,
  };
}
