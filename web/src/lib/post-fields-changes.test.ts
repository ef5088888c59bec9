import { describe, expect, it } from "vitest";
import type { InfoBox, Post } from "@/types/api";
import { postFieldValues } from "./post-fields";
import { changedPostFields } from "./post-fields-changes";

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
const boxes: InfoBox[] = [
  {
    id: 9,
    title: "Facts",
    content: { Place: "Online", Date: "June 24" },
    entries: [
      ["Place", "Online"],
      ["Date", "June 24"],
    ],
    order: 0,
  },
];
const facts = { title: "Facts", content: { Place: "Online", Date: "June 24" }, entries: boxes[0].entries };

describe("suggest edit: only changed fields (SPEC §5)", () => {
  it("nothing changed → empty", () => {
    const values = postFieldValues(post, boxes);
    expect(values.timeUnknown).toBe(true);
    expect(changedPostFields(post, boxes, values)).toEqual({});
  });
  it("reports each changed field only", () => {
    const values = { ...postFieldValues(post, boxes), title: "New title", tags: "Interview, stream", isNsfw: true };
    expect(changedPostFields(post, boxes, values)).toEqual({ title: "New title", isNsfw: true });
  });
  it("sends info boxes with the originals", () => {
    const values = postFieldValues(post, boxes);
    values.infoBoxes = [...values.infoBoxes, { title: "More", lines: "Key: a:b\nnope" }, { title: " ", lines: "X: y" }];
    expect(changedPostFields(post, boxes, values)).toEqual({
      infoBoxes: [facts, { title: "More", content: { Key: "a:b" }, entries: [["Key", "a:b"]] }],
      originalInfoBoxes: [facts],
    });
  });
  it("keys put in another order are a change", () => {
    const values = postFieldValues(post, boxes);
    expect(values.infoBoxes[0].lines).toBe("Place: Online\nDate: June 24");
    values.infoBoxes = [{ title: "Facts", lines: "Date: June 24\nPlace: Online" }];
    expect(changedPostFields(post, boxes, values).infoBoxes?.[0].entries).toEqual([
      ["Date", "June 24"],
      ["Place", "Online"],
    ]);
  });
  it("sends the event time when it changes, null when the date is cleared", () => {
    const values = { ...postFieldValues(post, boxes), timeUnknown: false, eventTime: "09:05" };
    expect(changedPostFields(post, boxes, values)).toEqual({ eventTimestamp: new Date(2025, 5, 24, 9, 5).toISOString() });
    expect(changedPostFields(post, boxes, { ...postFieldValues(post, boxes), eventDate: "" })).toEqual({ eventTimestamp: null });
  });
});
