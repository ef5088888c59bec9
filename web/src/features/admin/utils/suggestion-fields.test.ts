import { describe, expect, it } from "vitest";
import type { EditSuggestion } from "@/types/api";
import { changedFields } from "./suggestion-fields";

const base = {
  id: 1,
  post_id: 4,
  post_title: "A post",
  summary: "why",
  status: "pending",
  user_name: "Sam",
  created_at: "2026-11-21T01:00:00Z",
} as EditSuggestion;

describe("changedFields", () => {
  it("keeps only the fields with a suggested_* key, in display order", () => {
    const changes = changedFields({
      ...base,
      original_tags: "a,b",
      suggested_tags: "a,b,c",
      original_title: "Old",
      suggested_title: "New",
    });
    expect(changes.map((c) => c.field)).toEqual(["title", "tags"]);
    expect(changes[0]).toMatchObject({ label: "Title", before: "Old", after: "New", diff: true });
    expect(changes[1]).toMatchObject({ before: "a, b", after: "a, b, c", diff: false });
  });

  it("ignores original_* values without a suggestion and shows none for an empty suggestion", () => {
    expect(changedFields({ ...base, original_title: "Old" })).toEqual([]);
  });

  it("marks written text (short or long) and info boxes for a word diff", () => {
    const long = "word ".repeat(30).trim();
    const changes = changedFields({
      ...base,
      original_excerpt: long,
      suggested_excerpt: `${long} more`,
      original_content: "short",
      suggested_content: "shorter",
      original_info_boxes: [{ title: "Album", content: { Length: "41:12" }, order: 0 }],
      suggested_info_boxes: [{ title: "Album", content: { Length: "41:12", Producer: "Noor" }, order: 0 }],
    });
    expect(changes.map((c) => [c.field, c.diff])).toEqual([
      ["excerpt", true],
      ["content", true],
      ["info_boxes", true],
    ]);
    expect(changes[2].after).toBe("Album\nLength: 41:12\nProducer: Noor");
  });

  it("shows booleans, cleared values and null citations as text", () => {
    const changes = changedFields({
      ...base,
      original_is_nsfw: false,
      suggested_is_nsfw: true,
      original_citations: null,
      suggested_citations: "A book",
      original_event_timestamp: "2026-03-01T00:00:00Z",
      suggested_event_timestamp: null,
    });
    expect(changes.map((c) => [c.field, c.before !== "", c.after])).toEqual([
      ["citations", false, "A book"],
      ["is_nsfw", true, "Yes"],
      ["event_timestamp", true, ""],
    ]);
    expect(changes.find((c) => c.field === "is_nsfw")?.before).toBe("No");
  });
});
