import { describe, expect, it } from "vitest";
import { emptyPostFields, infoBoxesFromDrafts, postFieldsSchema, postFieldValues } from "./post-fields";
import { eventPost } from "@/testing/post-fixture";

describe("postFieldsSchema (SPEC §5)", () => {
  const valid = { ...emptyPostFields, title: "A title", excerpt: "Lead", content: "Body" };
  it("requires title, excerpt and content (non-blank)", () => {
    expect(postFieldsSchema.safeParse(valid).success).toBe(true);
    for (const field of ["title", "excerpt", "content"] as const) {
      const result = postFieldsSchema.safeParse({ ...valid, [field]: "   " });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
  it("requires an event date for event posts only; the time is optional", () => {
    const missing = postFieldsSchema.safeParse({ ...valid, postType: "event" }).error?.issues[0];
    expect(missing).toMatchObject({ path: ["eventDate"], message: "An event needs an event date." });
    expect(postFieldsSchema.safeParse({ ...valid, postType: "event", eventDate: "2025-06-24" }).success).toBe(true);
    expect(postFieldsSchema.safeParse({ ...valid, postType: "discussion" }).success).toBe(true);
  });
  it("leaves length limits to the server, which words them", () => {
    expect(postFieldsSchema.safeParse({ ...valid, title: "x".repeat(301) }).success).toBe(true);
  });
});

describe("postFieldValues: a post as the forms hold it", () => {
  const post = eventPost;

  it("lists the tags, types and boxes in order, as lines", () => {
    const values = postFieldValues(post, [
      { title: "B", content: { k: "v" }, order: 1 },
      { title: "Album", content: { Length: "41:12" }, order: 0 },
    ]);
    expect(values).toMatchObject({ tags: "a, b", citations: "", postType: "event", isNsfw: false });
    expect(values.infoBoxes).toEqual([
      { title: "Album", lines: "Length: 41:12" },
      { title: "B", lines: "k: v" },
    ]);
  });
  it("shows a midnight-UTC event as time unknown", () => {
    expect(postFieldValues(post)).toMatchObject({ eventDate: "2026-03-01", eventTime: "", timeUnknown: true });
  });
  it("keeps a known local time", () => {
    const iso = new Date(2026, 2, 1, 18, 30).toISOString();
    expect(postFieldValues({ ...post, event_timestamp: iso })).toMatchObject({ eventDate: "2026-03-01", eventTime: "18:30", timeUnknown: false });
  });
  it("defaults a missing type to discussion", () => {
    expect(postFieldValues({ ...post, post_type: "" }).postType).toBe("discussion");
  });
});

describe("infoBoxesFromDrafts (SPEC §5)", () => {
  it("leaves out boxes without a title and parses the lines", () => {
    expect(
      infoBoxesFromDrafts([
        { title: "  ", lines: "a: b" },
        { title: " Album ", lines: "Length: 41:12\nno colon\n: no key\n Studio :The Barn " },
      ]),
    ).toEqual([
      {
        title: "Album",
        content: { Length: "41:12", Studio: "The Barn" },
        entries: [
          ["Length", "41:12"],
          ["Studio", "The Barn"],
        ],
      },
    ]);
  });
});
