import { describe, expect, it } from "vitest";
import {
  emptyPostFields,
  eventTimestamp,
  formatInfoBoxLines,
  infoBoxesFromDrafts,
  parseInfoBoxLines,
  parseTags,
  postFieldsSchema,
  postFieldValues,
  splitEventTimestamp,
} from "./post-fields";
import { eventPost } from "./post-fields.fixture";

describe("parseInfoBoxLines (SPEC §5)", () => {
  it("reads key: value lines, trimmed", () => {
    expect(parseInfoBoxLines("Date: June 24\n  Location :  Online  ")).toEqual({ Date: "June 24", Location: "Online" });
  });
  it("ignores lines without a colon or without a key", () => {
    expect(parseInfoBoxLines("no colon here\n: no key\n   \nKey: value")).toEqual({ Key: "value" });
  });
  it("keeps further colons in the value", () => {
    expect(parseInfoBoxLines("Time: 12:30:00\nLink: https://example.com/a")).toEqual({ Time: "12:30:00", Link: "https://example.com/a" });
  });
  it("accepts an empty value and Windows line ends", () => {
    expect(parseInfoBoxLines("Empty:\r\nA: b")).toEqual({ Empty: "", A: "b" });
  });
  it("round-trips with formatInfoBoxLines", () => {
    const content = { Date: "2025-06-24", Time: "12:30" };
    expect(parseInfoBoxLines(formatInfoBoxLines(content))).toEqual(content);
  });
});

describe("parseTags", () => {
  it("splits on commas, trims, lowercases, de-duplicates and drops empties", () => {
    expect(parseTags(" Stream, interview ,,STREAM,  ")).toEqual(["stream", "interview"]);
  });
  it("is empty for blank input", () => {
    expect(parseTags("")).toEqual([]);
    expect(parseTags(" , ")).toEqual([]);
  });
});

describe("event timestamps (SPEC §4)", () => {
  it("uses midnight UTC without a time or with Time unknown", () => {
    const midnight = "2025-06-24T00:00:00.000Z";
    expect(eventTimestamp("2025-06-24", "", false)).toBe(midnight);
    expect(eventTimestamp("2025-06-24", "14:30", true)).toBe(midnight);
  });
  it("uses the given local time", () => {
    expect(eventTimestamp("2025-06-24", "14:30", false)).toBe(new Date(2025, 5, 24, 14, 30).toISOString());
  });
  it("is null without a valid date", () => {
    expect(eventTimestamp("", "14:30", false)).toBeNull();
    expect(eventTimestamp("24/06/2025", "", false)).toBeNull();
  });
  it("splits back; midnight means time unknown", () => {
    expect(splitEventTimestamp(new Date(2025, 5, 24, 14, 30).toISOString())).toEqual({ date: "2025-06-24", time: "14:30", timeUnknown: false });
    expect(splitEventTimestamp("2025-06-24T00:00:00.000Z")).toEqual({ date: "2025-06-24", time: "", timeUnknown: true });
    expect(splitEventTimestamp(eventTimestamp("2025-06-24", "", true))).toEqual({ date: "2025-06-24", time: "", timeUnknown: true });
    expect(splitEventTimestamp(null)).toEqual({ date: "", time: "", timeUnknown: false });
  });
});

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
    ).toEqual([{ title: "Album", content: { Length: "41:12", Studio: "The Barn" } }]);
  });
});
