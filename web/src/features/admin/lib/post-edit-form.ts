import { eventTimestamp, formatInfoBoxLines, parseInfoBoxLines, splitEventTimestamp } from "@/lib/post-fields";
import type { InfoBox, Media, Post } from "@/types/api";

export { parseInfoBoxLines };

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

/** Info boxes to send: only those with a non-empty title after trimming, numbered in order. */
export function infoBoxesPayload(drafts: readonly InfoBoxDraft[]): { title: string; content: Record<string, string>; order: number }[] {
  return drafts
    .filter((box) => box.title.trim() !== "")
    .map((box, order) => ({ title: box.title.trim(), content: parseInfoBoxLines(box.lines), order }));
}

/** Date and time inputs of the stored timestamp (lib/post-fields decides what midnight means). */
function eventInputs(iso: string | null | undefined): Pick<PostEditValues, "eventDate" | "eventTime" | "timeUnknown"> {
  const { date, time, timeUnknown } = splitEventTimestamp(iso);
  return { eventDate: date, eventTime: time, timeUnknown };
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
    ...eventInputs(post.event_timestamp),
    infoBoxes: [...infoBoxes]
      .map((box, index) => ({ box, order: box.order ?? index }))
      .sort((a, b) => a.order - b.order)
      .map(({ box }) => ({ title: box.title, lines: formatInfoBoxLines(box.content ?? {}) })),
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
  form.append("event_timestamp", eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown) ?? "");
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
