import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "../../scripts/lighthouse/cpu-slowdown.ts";

// The anchor points Lighthouse's CPU slowdown calculator names (docs/throttling.md).
describe("cpuSlowdownFor", () => {
  it.each([
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [2000, 6],
    [1050, 2.5],
  ])("gives benchmarkIndex %i a %f× slowdown", (benchmarkIndex, slowdown) => {
    expect(cpuSlowdownFor(benchmarkIndex)).toBeCloseTo(slowdown, 1);
  });

  it("rounds to a tenth", () => {
    expect(cpuSlowdownFor(2825)).toBe(9.5);
  });

  it("gives no factor for a host slower than the phone, or no figure at all", () => {
    expect(cpuSlowdownFor(149)).toBeUndefined();
    expect(cpuSlowdownFor(Number.NaN)).toBeUndefined();
  });
});
