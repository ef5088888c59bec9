import { describe, expect, it } from "vitest";
import { isUpcoming } from "./upcoming";

describe("isUpcoming", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  it("is an event dated after now", () => {
    expect(isUpcoming({ event_timestamp: "2027-04-10T19:30:00Z" }, now)).toBe(true);
    expect(isUpcoming({ event_timestamp: "2026-11-26T12:00:01Z" }, now)).toBe(true);
  });
  it("is not a past or present event, nor a post without an event date", () => {
    expect(isUpcoming({ event_timestamp: "2026-11-26T12:00:00Z" }, now)).toBe(false);
    // Today's event of unknown time is stored at midnight UTC: it has begun.
    expect(isUpcoming({ event_timestamp: "2026-11-26T00:00:00Z" }, now)).toBe(false);
    expect(isUpcoming({ event_timestamp: null }, now)).toBe(false);
    expect(isUpcoming({ event_timestamp: "not a date" }, now)).toBe(false);
  });
});
