import type { InfoBox, Media, Post } from "@/types/api";

/** An info box as the edit form holds it: content as "key: value" lines (SPEC §5). */
export type InfoBoxDraft = { title: string; lines: string };

export type PostEditValues = {
  title: string;
  excerpt: string;
  content: string;
  tags: string;
  citations: string;
  postType: string;
  isNsfw: boolean;
  /** yyyy-mm-dd (local), or "" for none. */
  eventDate: string;
  /** HH:mm (local), or "" when unknown. */
  eventTime: string;
  timeUnknown: boolean;
  infoBoxes: InfoBoxDraft[];
  /** URLs (`/images/...`) of the media to keep. */
  keepMedia: string[];
  newMedia: File[];
};

type BoxLike = Pick<InfoBox, "title" | "content"> & { order?: number };

/** Parses "key: value" lines; lines without a colon or key are ignored; the value keeps further colons. */
export function parseInfoBoxLines(lines: string): Record<string, string> {
  const content: Record<string, string> = {};
  for (const line of lines.split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim();
    if (!key) continue;
    content[key] = line.slice(colon + 1).trim();
  }
  return content;
}

export function infoBoxLines(content: Record<string, string> | null | undefined): string {
  return Object.entries(content ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n");
}

/** Info boxes to send: only those with a non-empty title after trimming, numbered in order. */
export function infoBoxesPayload(drafts: readonly InfoBoxDraft[]): { title: string; content: Record<string, string>; order: number }[] {
  return drafts
    .filter((box) => box.title.trim() !== "")
    .map((box, order) => ({ title: box.title.trim(), content: parseInfoBoxLines(box.lines), order }));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Local date and time inputs of an ISO timestamp; midnight means the time is unknown. */
export function splitEventTimestamp(iso: string | null | undefined): { eventDate: string; eventTime: string; timeUnknown: boolean } {
  if (!iso) return { eventDate: "", eventTime: "", timeUnknown: false };
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { eventDate: "", eventTime: "", timeUnknown: false };
  const eventDate = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const midnight = date.getHours() === 0 && date.getMinutes() === 0;
  return { eventDate, eventTime: midnight ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`, timeUnknown: midnight };
}

/** ISO timestamp of the date and time inputs (local time); no time, or Time unknown, is midnight. "" without a date. */
export function joinEventTimestamp(eventDate: string, eventTime: string, timeUnknown: boolean): string {
  if (!eventDate) return "";
  const time = !timeUnknown && eventTime ? eventTime : "00:00";
  const date = new Date(`${eventDate}T${time}:00`);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function initialEditValues(post: Post, infoBoxes: readonly BoxLike[] = []): PostEditValues {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content ?? "",
    tags: (post.tags ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean)
      .join(", "),
    citations: post.citations ?? "",
    postType: post.post_type || "discussion",
    isNsfw: post.is_nsfw,
    ...splitEventTimestamp(post.event_timestamp),
    infoBoxes: [...infoBoxes]
      .map((box, index) => ({ box, order: box.order ?? index }))
      .sort((a, b) => a.order - b.order)
      .map(({ box }) => ({ title: box.title, lines: infoBoxLines(box.content) })),
    keepMedia: (post.media ?? []).map((media: Media) => media.url),
    newMedia: [],
  };
}

/** The multipart body of PUT /api/posts/{id}: every field, the media to keep and the new files. */
export function postEditFormData(values: PostEditValues): FormData {
  const form = new FormData();
  form.append("title", values.title.trim());
  form.append("excerpt", values.excerpt.trim());
  form.append("content", values.content);
  form.append("tags", values.tags);
  form.append("citations", values.citations);
  form.append("post_type", values.postType.trim() || "discussion");
  form.append("is_nsfw", values.isNsfw ? "1" : "0");
  form.append("event_timestamp", joinEventTimestamp(values.eventDate, values.eventTime, values.timeUnknown));
  form.append("infoBoxes", JSON.stringify(infoBoxesPayload(values.infoBoxes)));
  for (const url of values.keepMedia) form.append("existing_media_urls", url);
  for (const file of values.newMedia) form.append("new_media", file);
  return form;
}

/** What the form still needs before it can be saved, or null. */
export function editFormProblem(values: PostEditValues): string | null {
  if (!values.title.trim() || !values.excerpt.trim() || !values.content.trim()) return "Title, excerpt and content are required.";
  if (values.postType === "event" && !values.eventDate) return "An event needs an event date.";
  return null;
}
