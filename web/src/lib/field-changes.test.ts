import { describe, expect, it } from "vitest";
import { aSnapshot } from "@/testing/post-fixture";
import { changedSnapshotFields, formatTags, infoBoxesText } from "./field-changes";

describe("infoBoxesText and formatTags", () => {
  it("orders boxes by their order field", () => {
    expect(
      infoBoxesText([
        { title: "B", content: { k: "v" }, order: 1 },
        { title: "A", content: {}, order: 0 },
      ]),
    ).toBe("A\n\nB\nk: v");
    expect(infoBoxesText([])).toBe("");
  });
  it("lists a box's keys in the author's order (its entries), not the map's", () => {
    const content = { Artist: "Alex", Location: "Lisbon" };
    const entries: [string, string][] = [
      ["Location", "Lisbon"],
      ["Artist", "Alex"],
    ];
    expect(infoBoxesText([{ title: "Gig", content, entries }])).toBe("Gig\nLocation: Lisbon\nArtist: Alex");
  });
  it("tidies comma-separated tags", () => {
    expect(formatTags(" a,b , ,c")).toBe("a, b, c");
  });
});

describe("changedSnapshotFields", () => {
  const snapshot = aSnapshot();

  it("keeps the fields two versions differ in, in display order", () => {
    const changes = changedSnapshotFields(snapshot, { ...snapshot, content: "Recorded in a converted barn.", tags: ["music", "album"] });
    expect(changes.map((c) => [c.field, c.before, c.after, c.diff])).toEqual([
      ["content", "Recorded in a barn.", "Recorded in a converted barn.", true],
      ["tags", "music", "music, album", false],
    ]);
  });

  it("marks a short written change for a word diff, but not a type or tags", () => {
    const changes = changedSnapshotFields(snapshot, { ...snapshot, excerpt: "A short, new excerpt.", post_type: "news", tags: ["music", "live"] });
    expect(changes.map((c) => [c.field, c.diff])).toEqual([
      ["excerpt", true],
      ["tags", false],
      ["post_type", false],
    ]);
  });

  it("shows every field with a value when there is no earlier version", () => {
    expect(changedSnapshotFields(null, snapshot).map((c) => c.field)).toEqual(["title", "excerpt", "content", "tags", "post_type", "is_nsfw"]);
  });
});
