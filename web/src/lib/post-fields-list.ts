/**
 * The editable fields of a post, in the database's names and order
 * (`private.editable_post_fields()`, which is also the order SPEC §3 lists
 * them in), and the one map of the words the site uses for each.
 * `tests/db/editable-post-fields.test.ts` fails when the database has a field
 * this list lacks, and `post-fields-list.test.tsx` when the form, `Post` or
 * this map lacks one. Adding a field: docs/adding-a-post-field.md.
 *
 * No imports: the database test imports this file as it is.
 */
export const editablePostFields = [
  "title",
  "excerpt",
  "content",
  "tags",
  "citations",
  "post_type",
  "is_nsfw",
  "event_timestamp",
  "info_boxes",
] as const;

/** A post's field as the database, a revision's snapshot and a review's `original_*`/`suggested_*` keys name it. */
export type PostField = (typeof editablePostFields)[number];

/** The words for one field, where each is shown. */
export type PostFieldLabel = {
  /** Where a post's fields are listed: a review, a pending post's details, a post's history, the moderation log. */
  name: string;
  /** Its input in the member's forms (create a post, suggest an edit). */
  input: string;
  /** Its input in the admin's edit form. */
  adminInput: string;
  /** Step 2 of Suggest edit, beside the form the member has just filled in. */
  yourEdit: string;
};

export const postFieldLabels: Record<PostField, PostFieldLabel> = {
  title: { name: "Title", input: "Title", adminInput: "Title", yourEdit: "Title" },
  excerpt: { name: "Excerpt", input: "Lead summary", adminInput: "Lead summary (excerpt)", yourEdit: "Lead summary" },
  content: { name: "Content", input: "Content (Markdown)", adminInput: "Content (markdown)", yourEdit: "Content" },
  tags: { name: "Tags", input: "Categories", adminInput: "Categories (tags)", yourEdit: "Categories" },
  citations: { name: "References", input: "References", adminInput: "References", yourEdit: "References" },
  post_type: { name: "Post type", input: "Article type", adminInput: "Article type", yourEdit: "Post type" },
  is_nsfw: { name: "Not safe for work", input: "NSFW (not safe for work)", adminInput: "NSFW (hide behind a warning)", yourEdit: "Not safe for work" },
  event_timestamp: { name: "Event date", input: "Event date", adminInput: "Event date", yourEdit: "Event date" },
  info_boxes: { name: "Info boxes", input: "Info boxes", adminInput: "Info boxes", yourEdit: "Info boxes" },
};

/** The name of a field as the views list it; an unknown name (from an older snapshot, say) as it is. */
export function postFieldName(field: string): string {
  return Object.hasOwn(postFieldLabels, field) ? postFieldLabels[field as PostField].name : field;
}
