/**
 * The request bodies that carry a post's fields (SPEC §7). The only place that
 * knows the wire names; each endpoint spells them its own way.
 */
import type { PostFieldChanges } from "./post-fields-changes";
import { infoBoxesFromDrafts, type PostFieldValues } from "./post-fields";
import { eventTimestamp, parseTags } from "./post-fields-parse";

/** The text fields both multipart bodies spell alike. */
function textFormData(values: PostFieldValues): FormData {
  const form = new FormData();
  form.append("title", values.title.trim());
  form.append("excerpt", values.excerpt.trim());
  form.append("content", values.content);
  form.append("tags", parseTags(values.tags).join(","));
  form.append("citations", values.citations.trim());
  return form;
}

/** The multipart body of POST /api/posts. */
export function createPostFormData(values: PostFieldValues, media: readonly File[]): FormData {
  const form = textFormData(values);
  form.append("postType", values.postType);
  form.append("isNSFW", values.isNsfw ? "1" : "0");
  form.append("infoBoxes", JSON.stringify(infoBoxesFromDrafts(values.infoBoxes)));
  if (values.postType === "event") {
    const timestamp = eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown);
    if (timestamp) form.append("eventTimestamp", timestamp);
  }
  for (const file of media) form.append("media", file, file.name);
  return form;
}

/** What an admin keeps of the post's media and adds to it. */
export type MediaEdit = { keepUrls: readonly string[]; newFiles: readonly File[] };

/** The multipart body of PUT /api/posts/{id}: every field, the media to keep and the new files. */
export function updatePostFormData(values: PostFieldValues, media: MediaEdit): FormData {
  const form = textFormData(values);
  form.append("post_type", values.postType.trim() || "discussion");
  form.append("is_nsfw", values.isNsfw ? "1" : "0");
  form.append("event_timestamp", eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown) ?? "");
  form.append("infoBoxes", JSON.stringify(infoBoxesFromDrafts(values.infoBoxes).map((box, order) => ({ ...box, order }))));
  for (const url of media.keepUrls) form.append("existing_media_urls", url);
  for (const file of media.newFiles) form.append("new_media", file);
  return form;
}

/** The JSON body of POST /api/posts/{id}/suggestions: only the changed fields, and the summary. */
export function editSuggestionBody(changes: PostFieldChanges, summary: string) {
  return {
    title: changes.title,
    excerpt: changes.excerpt,
    content: changes.content,
    tags: changes.tags,
    citations: changes.citations,
    is_nsfw: changes.isNsfw,
    event_timestamp: changes.eventTimestamp,
    infoBoxes: changes.infoBoxes,
    originalInfoBoxes: changes.originalInfoBoxes,
    summary,
  };
}
