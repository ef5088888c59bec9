import { describe, expect, it } from "vitest";
import { eventTimestamp, formatInfoBoxLines, infoBoxEntries, parseInfoBoxLines, parseTags, splitEventTimestamp } from "./post-fields-parse";

describe("parseInfoBoxLines (SPEC §5)", () => {
  it.each([
    ["reads key: value lines, trimmed, in the order typed", "Location :  Online  \nDate: June 24", [["Location", "Online"], ["Date", "June 24"]]],
    ["keeps the order typed for keys that look like numbers too", "Title: Debut\n2019: Released\n1: First", [["Title", "Debut"], ["2019", "Released"], ["1", "First"]]],
    ["ignores lines without a colon or without a key", "no colon here\n: no key\n   \nKey: value", [["Key", "value"]]],
    ["keeps further colons in the value", "Time: 12:30:00\nLink: https://example.com/a", [["Time", "12:30:00"], ["Link", "https://example.com/a"]]],
    ["accepts an empty value and Windows line ends", "Empty:\r\nA: b", [["Empty", ""], ["A", "b"]]],
    ["keeps a key typed twice in its first place, with its last value", "A: 1\nB: 2\nA: 3", [["A", "3"], ["B", "2"]]],
  ])("%s", (_rule, lines, entries) => {
    expect(parseInfoBoxLines(lines)).toEqual(entries);
  });
  it("round-trips with formatInfoBoxLines", () => {
    const entries: [string, string][] = [
      ["Time", "12:30"],
      ["Date", "2025-06-24"],
    ];
    expect(parseInfoBoxLines(formatInfoBoxLines(entries))).toEqual(entries);
  });
});

describe("infoBoxEntries", () => {
  it("gives a box's entries, or its map's pairs when it has none", () => {
    expect(infoBoxEntries({ content: { A: "1", B: "2" }, entries: [["B", "2"], ["A", "1"]] })).toEqual([["B", "2"], ["A", "1"]]);
    expect(infoBoxEntries({ content: { A: "1" } })).toEqual([["A", "1"]]);
    expect(infoBoxEntries({ content: null })).toEqual([]);
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
