import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTimestamp } from "./field-changes";

// The admin reading a suggestion lives outside UTC: the stored dates must not
// move. Node applies a new TZ to the dates it formats from then on.
describe("formatTimestamp outside UTC", () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("runs in a zone behind UTC", () => {
    expect(new Date("2026-03-01T00:00:00Z").getTimezoneOffset()).toBeGreaterThan(0);
  });

  it("shows an event of unknown time (stored as midnight UTC) as its day, without a clock time", () => {
    expect(formatTimestamp("2026-03-01T00:00:00.000Z", "en-US")).toBe("March 1, 2026");
  });

  it("shows a known time at local midnight with its time", () => {
    const localMidnight = new Date(2026, 2, 1).toISOString();
    expect(formatTimestamp(localMidnight, "en-US")).toBe(new Date(2026, 2, 1).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" }));
  });
});
