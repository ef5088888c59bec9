import { describe, expect, it } from "vitest";
import { keptAcrossTimeZones, queryKeys } from "./query-keys";

describe("answers dated in a time zone", () => {
  it("are keyed by the zone, so another zone's answer is asked for apart", () => {
    expect(queryKeys.home("anon", "UTC")).not.toEqual(queryKeys.home("anon", "America/New_York"));
    expect(queryKeys.allPosts({ sort: "newest" }, "anon", "UTC")).not.toEqual(queryKeys.allPosts({ sort: "newest" }, "anon", "Asia/Tokyo"));
    expect(queryKeys.timeline("anon", {}, "UTC")).not.toEqual(queryKeys.timeline("anon", {}, "Europe/Paris"));
    expect(queryKeys.timelineMonths("event", "UTC")).not.toEqual(queryKeys.timelineMonths("event", "Europe/Paris"));
    expect(queryKeys.recentPosts("c", "anon", "UTC")).not.toEqual(queryKeys.recentPosts("c", "anon", "Europe/Paris"));
    // Still under the prefixes that clear every post answer.
    expect(queryKeys.home("anon", "UTC").slice(0, 1)).toEqual(queryKeys.posts);
  });

  it("keep the previous zone's answer on screen while the new zone's comes, and nothing else's", () => {
    const previous = { groups: 1 };
    const inNewYork = keptAcrossTimeZones(queryKeys.timeline("anon", { type: "event" }, "America/New_York"));
    expect(inNewYork(previous, { queryKey: queryKeys.timeline("anon", { type: "event" }, "UTC") })).toBe(previous);
    expect(inNewYork(previous, { queryKey: queryKeys.timeline("anon", {}, "UTC") })).toBeUndefined();
    expect(inNewYork(previous, { queryKey: queryKeys.timeline("user-1", { type: "event" }, "UTC") })).toBeUndefined();
    expect(inNewYork(previous, undefined)).toBeUndefined();
  });
});
