/** Parsers of the post fields shared by the forms that write posts (SPEC §4, §5). */

/**
 * Info box content from `key: value` lines: lines without a colon or without a
 * key are ignored; the value keeps any further colons. Keys and values are trimmed.
 */
export function parseInfoBoxLines(text: string): Record<string, string> {
  const content: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim();
    if (!key) continue;
    content[key] = line.slice(colon + 1).trim();
  }
  return content;
}

/** The reverse of parseInfoBoxLines: one `key: value` line per entry. */
export function formatInfoBoxLines(content: Record<string, string>): string {
  return Object.entries(content)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
}

/** Tags typed as a comma-separated list: trimmed, lowercased, de-duplicated, empty ones dropped. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(",").map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/**
 * The event timestamp (ISO) of a local date and time. Without a time or with
 * "Time unknown" the time is midnight (SPEC §4). Null without a valid date.
 */
export function eventTimestamp(date: string, time: string | undefined, timeUnknown: boolean): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [year, month, day] = date.split("-").map(Number);
  let hours = 0;
  let minutes = 0;
  if (!timeUnknown && time && /^\d{2}:\d{2}/.test(time)) {
    [hours, minutes] = time.split(":").map(Number);
  }
  const value = new Date(year, month - 1, day, hours, minutes, 0, 0);
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** The local date, time and "Time unknown" of an event timestamp (midnight = time unknown, SPEC §4). */
export function splitEventTimestamp(iso: string | null | undefined): { date: string; time: string; timeUnknown: boolean } {
  const value = iso ? new Date(iso) : null;
  if (!value || Number.isNaN(value.getTime())) return { date: "", time: "", timeUnknown: false };
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  const midnight = value.getHours() === 0 && value.getMinutes() === 0 && value.getSeconds() === 0;
  return { date, time: midnight ? "" : `${pad(value.getHours())}:${pad(value.getMinutes())}`, timeUnknown: midnight };
}
