import { fieldChange, type FieldChange } from "@/lib/field-changes";
import { editablePostFields, postFieldLabels, type PostField } from "@/lib/post-fields-list";
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

/** The fields a suggestion changes, as the post has them and as suggested, in the order the review panel shows them. */
export function suggestedChanges(post: Post, changes: PostFieldChanges): FieldChange[] {
  const current: Partial<Record<PostField, unknown>> = { ...post, info_boxes: changes.originalInfoBoxes };
  return editablePostFields.flatMap((field) => {
    const key = changeKeys[field];
    if (!key || !(key in changes)) return [];
    // The member has just filled in the form: the words are the form's.
    return [{ ...fieldChange(field, current[field], changes[key]), label: postFieldLabels[field].yourEdit }];
  });
}
