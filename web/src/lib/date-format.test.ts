import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateFormat, formatDate } from "./date-format";

const dates = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true });
const optionSets: Intl.DateTimeFormatOptions[] = [
  { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
  { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "Pacific/Auckland" },
  { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "America/New_York" },
  { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" },
  { month: "short", timeZone: "UTC" },
];

describe("formatDate", () => {
  it("writes what toLocaleString writes with the same locale and options", () => {
    fc.assert(
      fc.property(dates, fc.constantFrom(...optionSets), fc.constantFrom("en-US", "en-GB", "de-DE"), (date, options, locale) => {
        expect(formatDate(date, locale, options)).toBe(date.toLocaleString(locale, options));
      }),
    );
  });

  it("keeps one formatter per locale and options", () => {
    const first = dateFormat("en-US", { year: "numeric", timeZone: "UTC" });
    expect(dateFormat("en-US", { year: "numeric", timeZone: "UTC" })).toBe(first);
    expect(dateFormat("en-GB", { year: "numeric", timeZone: "UTC" })).not.toBe(first);
    expect(dateFormat("en-US", { year: "2-digit", timeZone: "UTC" })).not.toBe(first);
  });
});
