/** Parsers shared by the create-post form (SPEC §5). */

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

/** SPEC §7 / the server's media check: what may be uploaded. */
export const mediaLimits = {
  maxFiles: 10,
  maxImageBytes: 10 * 1024 * 1024,
  maxVideoBytes: 50 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
  videoTypes: ["video/mp4", "video/webm"],
} as const;

export const acceptedMediaTypes = [...mediaLimits.imageTypes, ...mediaLimits.videoTypes].join(",");

/** Why a file cannot be uploaded, or null when it can. */
export function mediaProblem(file: { name: string; type: string; size: number }): string | null {
  const isImage = (mediaLimits.imageTypes as readonly string[]).includes(file.type);
  const isVideo = (mediaLimits.videoTypes as readonly string[]).includes(file.type);
  if (!isImage && !isVideo) return `${file.name}: only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos can be uploaded.`;
  if (isImage && file.size > mediaLimits.maxImageBytes) return `${file.name}: images can be at most 10 MB.`;
  if (isVideo && file.size > mediaLimits.maxVideoBytes) return `${file.name}: videos can be at most 50 MB.`;
  return null;
}

/** Human-readable file size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
