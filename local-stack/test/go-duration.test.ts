/**
 * The stand-in's reading of Go durations (`ban_duration`, `max_frequency`)
 * against what Go's time.ParseDuration accepts and the errors it words.
 * Needs no running stack.
 */
import { describe, expect, it } from "vitest";
import { parseGoDuration } from "../src/auth/go-duration.ts";

describe("parseGoDuration", () => {
  it("reads units, sequences, fractions and signs as Go does", () => {
    expect(parseGoDuration("24h")).toBe(86_400_000);
    expect(parseGoDuration("1h30m")).toBe(5_400_000);
    expect(parseGoDuration("1.5s")).toBe(1500);
    expect(parseGoDuration(".5m")).toBe(30_000);
    expect(parseGoDuration("250ms")).toBe(250);
    expect(parseGoDuration("-2h")).toBe(-7_200_000);
    expect(parseGoDuration("0")).toBe(0);
  });

  it("refuses what Go refuses, in Go's words", () => {
    expect(() => parseGoDuration("1d")).toThrow('time: unknown unit "d" in duration "1d"');
    expect(() => parseGoDuration("24")).toThrow('time: missing unit in duration "24"');
    expect(() => parseGoDuration("h")).toThrow('time: invalid duration "h"');
    expect(() => parseGoDuration("")).toThrow('time: invalid duration ""');
  });
});
