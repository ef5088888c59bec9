import { describe, expect, it } from "vitest";
import type { InfoBox, Post } from "@/types/api";
import { changedFields, initialEditFields, summarySchema } from "./submit-edit-suggestion";

const post = {
  id: 1,
  title: "Title",
  excerpt: "Lead",
  content: "Body",
  tags: "stream,interview",
  citations: null,
  is_nsfw: false,
  event_timestamp: new Date(2025, 5, 24).toISOString(),
} as Post;
const boxes: InfoBox[] = [{ id: 9, title: "Facts", content: { Place: "Online" }, order: 0 }];

describe("suggest edit: only changed fields (SPEC §5)", () => {
  it("nothing changed → empty", () => {
    const values = initialEditFields(post, boxes);
    expect(values.timeUnknown).toBe(true);
    expect(changedFields(post, boxes, values)).toEqual({});
  });
  it("reports each changed field only", () => {
    const values = { ...initialEditFields(post, boxes), title: "New title", tags: "Interview, stream", isNSFW: true };
    expect(changedFields(post, boxes, values)).toEqual({ title: "New title", is_nsfw: true });
  });
  it("sends info boxes with the originals", () => {
    const values = initialEditFields(post, boxes);
    values.infoBoxes = [...values.infoBoxes, { title: "More", lines: "Key: a:b\nnope" }, { title: " ", lines: "X: y" }];
    expect(changedFields(post, boxes, values)).toEqual({
      infoBoxes: [{ title: "Facts", content: { Place: "Online" } }, { title: "More", content: { Key: "a:b" } }],
      originalInfoBoxes: [{ title: "Facts", content: { Place: "Online" } }],
    });
  });
  it("sends the event time when it changes, null when the date is cleared", () => {
    const values = { ...initialEditFields(post, boxes), timeUnknown: false, eventTime: "09:05" };
    expect(changedFields(post, boxes, values)).toEqual({ event_timestamp: new Date(2025, 5, 24, 9, 5).toISOString() });
    expect(changedFields(post, boxes, { ...initialEditFields(post, boxes), eventDate: "" })).toEqual({ event_timestamp: null });
  });
  it("requires a summary", () => {
    expect(summarySchema.safeParse("   ").error?.issues[0]?.message).toBe("Please provide a brief summary of your edits.");
    expect(summarySchema.parse(" Fixed the date ")).toBe("Fixed the date");
  });
});
