import { render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import type { Post, PostDetail } from "@/types/api";
import { emptyPostFields, type PostFieldValues } from "./post-fields";
import { editablePostFields, postFieldLabels, type PostField } from "./post-fields-list";

// tests/db/editable-post-fields.test.ts checks this list against the database;
// this file checks that the SPA carries every field of it.

/** The keys of `Post`, as a value: `satisfies` fails to compile when the type gains or loses one. */
const postKeys = {
  id: true,
  title: true,
  excerpt: true,
  content: true,
  tags: true,
  citations: true,
  post_type: true,
  status: true,
  is_nsfw: true,
  is_pinned: true,
  is_important: true,
  event_timestamp: true,
  created_at: true,
  author_name: true,
  author_id: true,
  upvotes: true,
  downvotes: true,
  user_vote: true,
  comment_count: true,
  media: true,
  image_url: true,
  media_type: true,
  thumbnail_url: true,
  rejection_reason: true,
} satisfies Record<keyof Post, true>;

/** The fields a post's answer carries beside `Post`, not in it. */
const besidePost = { info_boxes: "infoBoxes" } satisfies Partial<Record<PostField, keyof PostDetail>>;

function Fieldset({ labels }: { labels: "member" | "admin" }) {
  const form = useForm<PostFieldValues>({ defaultValues: emptyPostFields });
  return <PostFieldset form={form} labels={labels} contentRows={4} withPostType infoBoxes={{ mode: "edit" }} />;
}

/** The field's control in the form: an input by its label, or the info boxes' group by its legend. */
function control(field: PostField, label: string) {
  return field === "info_boxes" ? screen.getByRole("group", { name: label }) : screen.getByLabelText(label, { selector: "input, textarea, select" });
}

describe("the editable post fields", () => {
  it("each has its words in the one label map", () => {
    expect(Object.keys(postFieldLabels)).toEqual([...editablePostFields]);
    for (const field of editablePostFields) expect(Object.values(postFieldLabels[field]).every(Boolean)).toBe(true);
  });

  it("each is a key of Post, or carried beside it", () => {
    const missing = editablePostFields.filter((field) => !(field in postKeys) && !(field in besidePost));
    expect(missing).toEqual([]);
  });

  it.each(["member", "admin"] as const)("each has its input in the %s's post fieldset", (labels) => {
    render(<Fieldset labels={labels} />);
    for (const field of editablePostFields) {
      const { input, adminInput } = postFieldLabels[field];
      expect(control(field, labels === "admin" ? adminInput : input)).toBeInTheDocument();
    }
  });
});
