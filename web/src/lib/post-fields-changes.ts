import type { InfoBox, Post } from "@/types/api";
import { infoBoxesFromDrafts, infoBoxPayload, sortInfoBoxes, type InfoBoxPayload, type PostFieldValues } from "./post-fields";
import { eventTimestamp, infoBoxEntries, parseTags } from "./post-fields-parse";

/** The fields a form changed, by their field names; a missing key is unchanged. */
export type PostFieldChanges = {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string;
  citations?: string;
  isNsfw?: boolean;
  eventTimestamp?: string | null;
  infoBoxes?: InfoBoxPayload[];
  /** The boxes as they were, sent beside changed boxes so a reviewer sees both. */
  originalInfoBoxes?: InfoBoxPayload[];
};

function normalizedTimestamp(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? null : value.toISOString();
}

/** Only the fields that differ from the post (SPEC §5). Empty object = no changes. */
export function changedPostFields(post: Post, infoBoxes: readonly InfoBox[], values: PostFieldValues): PostFieldChanges {
  const changes: PostFieldChanges = {};
  if (values.title.trim() !== post.title.trim()) changes.title = values.title.trim();
  if (values.excerpt.trim() !== post.excerpt.trim()) changes.excerpt = values.excerpt.trim();
  if (values.content.trim() !== (post.content ?? "").trim()) changes.content = values.content;
  // Tags are a set: a new order alone is no change.
  const tags = parseTags(values.tags);
  if ([...tags].sort().join(",") !== parseTags(post.tags ?? "").sort().join(",")) changes.tags = tags.join(",");
  if (values.citations.trim() !== (post.citations ?? "").trim()) changes.citations = values.citations.trim();
  if (values.isNsfw !== post.is_nsfw) changes.isNsfw = values.isNsfw;
  const timestamp = eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown);
  if (timestamp !== normalizedTimestamp(post.event_timestamp)) changes.eventTimestamp = timestamp;
  // Entries in order: a key moved up or down is a change.
  const original = sortInfoBoxes(infoBoxes).map((box) => infoBoxPayload(box.title, infoBoxEntries(box)));
  const next = infoBoxesFromDrafts(values.infoBoxes);
  if (JSON.stringify(original) !== JSON.stringify(next)) {
    changes.infoBoxes = next;
    changes.originalInfoBoxes = original;
  }
  return changes;
}
