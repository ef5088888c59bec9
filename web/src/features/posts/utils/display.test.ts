import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addTag,
  commentCountLabel,
  dayKey,
  displayTitle,
  firstImage,
  formatDateTime,
  formatDayKey,
  formatEventDate,
  formatLongDate,
  groupByDay,
  groupByDayNewestFirst,
  groupingDay,
  imageUrl,
  isEventTimeUnknown,
  timelineExcerpt,
  timelinePreview,
  typeLabel,
} from "./display";

describe("displayTitle strips leading zeros, keeping a lone zero and decimals readable", () => {
  it.each([
    ["007 Live at the hall", "7 Live at the hall"],
    ["0001", "1"],
    ["No zeros 00", "No zeros 00"],
    ["000", "0"],
    ["0.5 release", "0.5 release"],
    ["", ""],
  ])("%j reads %j", (title, shown) => {
    expect(displayTitle(title)).toBe(shown);
  });
});

describe("tags", () => {
  it("Enter adds a trimmed, lowercased, de-duplicated tag", () => {
    expect(addTag([], "  Live ")).toEqual(["live"]);
    expect(addTag(["live"], "LIVE")).toEqual(["live"]);
    expect(addTag(["live"], "   ")).toEqual(["live"]);
    expect(addTag(["live"], "Tour")).toEqual(["live", "tour"]);
  });
});

describe("event time", () => {
  it("is unknown exactly at midnight", () => {
    expect(isEventTimeUnknown("2024-05-01T00:00:00+00:00")).toBe(true);
    expect(isEventTimeUnknown("2024-05-01T00:00:00.000Z")).toBe(true);
    expect(isEventTimeUnknown("2024-05-01T00:00:01Z")).toBe(false);
    expect(isEventTimeUnknown("2024-05-01T19:30:00Z")).toBe(false);
    expect(isEventTimeUnknown(null)).toBe(false);
    expect(isEventTimeUnknown("not a date")).toBe(false);
  });
  it("formats an unknown time as the date only, the same day in every zone", () => {
    expect(formatEventDate("2024-05-01T00:00:00Z", "UTC")).toBe("May 1, 2024");
    expect(formatEventDate("2024-05-01T00:00:00Z", "America/New_York")).toBe("May 1, 2024");
    expect(formatEventDate("2024-05-01T19:30:00Z", "UTC")).toMatch(/2024.*\d:30/);
  });
  it("formats a known time in the zone given", () => {
    // ICU joins the date and the time with "at" or a comma, by version.
    expect(formatEventDate("2026-03-01T02:00:00Z", "UTC")).toMatch(/^March 1, 2026(,| at) 2:00\sAM$/);
    expect(formatEventDate("2026-03-01T02:00:00Z", "America/New_York")).toMatch(/^February 28, 2026(,| at) 9:00\sPM$/);
  });
});

describe("timelinePreview", () => {
  const boilerplate = "### Summary\n\n- Published in public media\n- Quotes checked against the recording\n\n";
  it("prefers the excerpt, whatever the content opens with", () => {
    expect(timelinePreview({ excerpt: "Neighbours planted the first beds.", content: boilerplate + "The garden opened." })).toBe(
      "Neighbours planted the first beds…",
    );
    expect(timelinePreview({ excerpt: "Wait...", content: null })).toBe("Wait...…");
    expect(timelinePreview({ excerpt: "y".repeat(200), content: null })).toBe(`${"y".repeat(150)}…`);
  });
  it("without an excerpt, takes the first paragraph, not the heading before it", () => {
    expect(timelinePreview({ excerpt: " ", content: "## Setlist notes\n\nThe opening night ran long.\n\n- first item" })).toBe(
      "The opening night ran long…",
    );
  });
  it("skips the boilerplate heading, list and quote many posts open with", () => {
    const content = boilerplate + '> "A quote." - Alex\n\nThe interview ran for two hours on a night train.';
    expect(timelinePreview({ excerpt: "", content })).toBe("The interview ran for two hours on a night train…");
  });
  it("falls back to whatever text the content has when it has no paragraph", () => {
    expect(timelinePreview({ excerpt: "", content: "## Only a heading\n\n- and a list" })).toBe("Only a heading · and a list…");
    expect(timelinePreview({ excerpt: "", content: null })).toBe("");
  });
});

describe("timelineExcerpt", () => {
  it("is the first 150 characters plus an ellipsis", () => {
    const long = "x".repeat(200);
    expect(timelineExcerpt(long)).toBe(`${"x".repeat(150)}…`);
    expect(timelineExcerpt("Short")).toBe("Short…");
    expect(timelineExcerpt("")).toBe("");
    expect(timelineExcerpt(null)).toBe("");
  });
  it("ends on a word: a cut at a space or between two blocks loses them", () => {
    expect(timelineExcerpt("Key facts · Announced", 10)).toBe("Key facts…");
    expect(timelineExcerpt("Key facts · Announced", 11)).toBe("Key facts…");
    expect(timelineExcerpt("Key facts · Announced", 12)).toBe("Key facts…");
    expect(timelineExcerpt("Key facts · Announced", 13)).toBe("Key facts · A…");
  });
});

describe("grouping by date", () => {
  const post = (created_at: string, event_timestamp: string | null = null) => ({ created_at, event_timestamp });
  it("uses the event date, else the creation date", () => {
    expect(groupingDay(post("2024-03-02T12:00:00Z", "2024-05-01T12:00:00Z"), "UTC")).toBe("2024-05-01");
    expect(groupingDay(post("2024-03-02T12:00:00Z"), "UTC")).toBe("2024-03-02");
    // An event with an unknown time (midnight UTC) keeps its UTC day.
    expect(groupingDay(post("2024-03-02T12:00:00Z", "2024-05-01T00:00:00Z"), "UTC")).toBe("2024-05-01");
    expect(groupingDay(post("2024-03-02T12:00:00Z", "2024-05-01T00:00:00Z"), "America/New_York")).toBe("2024-05-01");
  });
  it("puts an instant on its day in the zone given", () => {
    expect(groupingDay(post("2026-03-01T02:00:00Z"), "UTC")).toBe("2026-03-01");
    expect(groupingDay(post("2026-03-01T02:00:00Z"), "America/New_York")).toBe("2026-02-28");
    expect(groupingDay(post("2024-03-02T12:00:00Z", "2026-03-01T02:00:00Z"), "America/New_York")).toBe("2026-02-28");
    expect(groupingDay(post("2026-03-01T20:00:00Z"), "Asia/Tokyo")).toBe("2026-03-02");
  });
  it("groups in server order, or newest day first", () => {
    const posts = [post("2024-01-01T10:00:00Z"), post("2024-02-01T10:00:00Z"), post("2024-01-01T11:00:00Z")];
    expect(groupByDay(posts, "UTC").map((g) => [g.day, g.posts.length])).toEqual([
      ["2024-01-01", 2],
      ["2024-02-01", 1],
    ]);
    expect(groupByDayNewestFirst(posts, "UTC").map((g) => g.day)).toEqual(["2024-02-01", "2024-01-01"]);
  });
  it("groups by the days of the zone given", () => {
    const posts = [post("2026-03-01T02:00:00Z"), post("2026-02-28T22:00:00Z")];
    expect(groupByDay(posts, "UTC").map((g) => [g.day, g.posts.length])).toEqual([
      ["2026-03-01", 1],
      ["2026-02-28", 1],
    ]);
    expect(groupByDay(posts, "America/New_York").map((g) => [g.day, g.posts.length])).toEqual([["2026-02-28", 2]]);
  });
});

describe("dates in a zone", () => {
  const instant = new Date("2026-03-01T02:00:00Z");
  it("names an instant's day in the zone given, any year", () => {
    expect(dayKey(instant, "UTC")).toBe("2026-03-01");
    expect(dayKey(instant, "America/New_York")).toBe("2026-02-28");
    const early = new Date("0099-07-04T12:00:00Z");
    expect(dayKey(early, "UTC")).toBe("0099-07-04");
  });
  it("names a UTC day as ICU does, though without it", () => {
    const icu = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
    const icuDay = (date: Date) => {
      const parts = Object.fromEntries(icu.formatToParts(date).map((part) => [part.type, part.value]));
      return `${parts.year.padStart(4, "0")}-${parts.month}-${parts.day}`;
    };
    const dates = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });
    fc.assert(
      fc.property(dates, (date) => {
        expect(dayKey(date, "UTC")).toBe(icuDay(date));
      }),
    );
  });
  it("writes today's long date and a date with its time in the zone given", () => {
    expect(formatLongDate(instant, "UTC")).toBe("Sunday, March 1, 2026");
    expect(formatLongDate(instant, "America/New_York")).toBe("Saturday, February 28, 2026");
    expect(formatDateTime(instant.toISOString(), "UTC")).toMatch(/^Mar 1, 2026, 2:00\sAM$/);
    expect(formatDateTime(instant.toISOString(), "America/New_York")).toMatch(/^Feb 28, 2026, 9:00\sPM$/);
  });
  it("writes a day key as that day whatever zone the page runs in", () => {
    expect(formatDayKey("2026-03-01")).toBe("March 1, 2026");
    expect(formatDayKey("0099-07-04")).toBe("July 4, 99");
  });
});

describe("images and labels", () => {
  it("serves file names from /images/", () => {
    expect(imageUrl("stage.jpg")).toBe("/images/stage.jpg");
    expect(imageUrl("/images/a.png")).toBe("/images/a.png");
    expect(imageUrl(null)).toBeNull();
  });
  it("finds the first image", () => {
    const video = { id: 1, url: "/images/v.mp4", media_type: "video", width: null, height: null } as const;
    const image = { id: 2, url: "/images/i.png", media_type: "image", width: 800, height: 600 } as const;
    expect(firstImage({ media: [video, image], image_url: null, media_type: null, thumbnail_url: null })).toEqual(image);
    expect(firstImage({ media: [], image_url: "x.jpg", media_type: "image", thumbnail_url: null })).toEqual({ url: "/images/x.jpg", width: null, height: null });
    expect(firstImage({ media: [], image_url: null, media_type: null, thumbnail_url: null })).toBeNull();
  });
  it("labels", () => {
    expect(typeLabel("event")).toBe("Event");
    expect(typeLabel("")).toBe("Post");
    expect(commentCountLabel(1)).toBe("1 comment");
    expect(commentCountLabel(0)).toBe("0 comments");
  });
});
