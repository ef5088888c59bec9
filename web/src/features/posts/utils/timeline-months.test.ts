import { describe, expect, it } from "vitest";
import { formatMonth, groupByMonthNewestFirst, landingMonth, monthsByYear } from "./timeline-months";
import { monthFromHash, paramsForType, typeFromParams } from "./timeline-scope";

const post = (id: number, created_at: string, event_timestamp: string | null = null) => ({ id, created_at, event_timestamp });

describe("the timeline by month", () => {
  it("groups posts by month and day, newest first, by event date else creation date", () => {
    const months = groupByMonthNewestFirst(
      [
        post(1, "2025-04-02T12:00:00Z"),
        post(2, "2020-01-01T12:00:00Z", "2025-04-20T12:00:00Z"),
        post(3, "2025-04-02T15:00:00Z"),
        post(4, "2025-03-31T12:00:00Z"),
      ],
      "UTC",
    );
    expect(months.map((m) => [m.month, m.days.map((d) => [d.day, d.posts.map((p) => p.id)])])).toEqual([
      ["2025-04", [["2025-04-20", [2]], ["2025-04-02", [1, 3]]]],
      ["2025-03", [["2025-03-31", [4]]]],
    ]);
  });

  it("names a month in long or short form, any year", () => {
    expect(formatMonth("2025-04")).toBe("April 2025");
    expect(formatMonth("2025-12", "short")).toBe("Dec 2025");
    expect(formatMonth("0099-01")).toBe("January 99");
  });

  it("lists the index's months by year", () => {
    expect(monthsByYear(["2026-01", "2025-10", "2025-03", "2019-07"])).toEqual([
      { year: "2026", months: ["2026-01"] },
      { year: "2025", months: ["2025-10", "2025-03"] },
      { year: "2019", months: ["2019-07"] },
    ]);
  });

  it("lands a jump on its month, else the newest one before it, else the oldest shown", () => {
    const shown = ["2025-10", "2025-03", "2024-09"];
    expect(landingMonth("2025-03", shown)).toBe("2025-03");
    expect(landingMonth("2025-05", shown)).toBe("2025-03");
    expect(landingMonth("2020-01", shown)).toBe("2024-09");
    expect(landingMonth("2025-03", [])).toBeUndefined();
  });
});

describe("the timeline's URL", () => {
  it("reads a type from ?type= and a month from the hash, ignoring anything else", () => {
    expect(typeFromParams(new URLSearchParams("type=event"))).toBe("event");
    expect(typeFromParams(new URLSearchParams("type=Event!"))).toBeUndefined();
    expect(typeFromParams(new URLSearchParams(""))).toBeUndefined();
    expect(monthFromHash("#2025-04")).toBe("2025-04");
    for (const hash of ["", "#", "#2025-13", "#2025-4", "#0000-01", "#comments", "#2025-04-01"]) expect(monthFromHash(hash)).toBeUndefined();
  });

  it("writes no query for every post, so the plain timeline keeps a plain URL", () => {
    expect(paramsForType(undefined).toString()).toBe("");
    expect(paramsForType("event").toString()).toBe("type=event");
  });
});
