import { fieldChange, postFieldOrder, type FieldChange, type PostField } from "@/lib/field-changes";
import { defaultPostFieldTexts } from "@/components/post-fields/post-fieldset";
import type { PostFieldChanges } from "@/lib/post-fields-changes";
import type { Post } from "@/types/api";

/** Where each post field's suggested value sits in a form's changes. */
const changeKeys: Partial<Record<PostField, keyof PostFieldChanges>> = {
  title: "title",
  excerpt: "excerpt",
  content: "content",
  tags: "tags",
  citations: "citations",
  is_nsfw: "isNsfw",
  event_timestamp: "eventTimestamp",
  info_boxes: "infoBoxes",
};

/** The member just filled in the form: its own names for the fields it names differently. */
const formLabels: Partial<Record<PostField, string>> = {
  excerpt: defaultPostFieldTexts.excerptLabel,
  tags: defaultPostFieldTexts.tagsLabel,
};

/** The fields a suggestion changes, as the post has them and as suggested, in the order the review panel shows them. */
export function suggestedChanges(post: Post, changes: PostFieldChanges): FieldChange[] {
  const current: Partial<Record<PostField, unknown>> = { ...post, info_boxes: changes.originalInfoBoxes };
  return postFieldOrder.flatMap((field) => {
    const key = changeKeys[field];
    if (!key || !(key in changes)) return [];
    const change = fieldChange(field, current[field], changes[key]);
    return [{ ...change, label: formLabels[field] ?? change.label }];
  });
}
