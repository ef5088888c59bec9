import { describe, expect, it } from "vitest";
import { missedTargets, type Measure } from "../../scripts/lighthouse/targets.ts";

const onTarget: Measure = { score: 98, lcp: 1800, tbt: 150, cls: 0.05, fcp: 1200, si: 2000, benchmarkIndex: 1500 };

describe("missedTargets", () => {
  it("passes a page exactly on every target", () => {
    expect(missedTargets(onTarget)).toEqual([]);
  });

  it("names each missed target with the figure and what was wanted", () => {
    expect(missedTargets({ ...onTarget, score: 97, fcp: 1210, lcp: 1860, cls: 0.051, tbt: 151 })).toEqual([
      "performance 97 (≥ 98)",
      "FCP 1.21 s (≤ 1.2 s)",
      "LCP 1.86 s (≤ 1.8 s)",
      "CLS 0.051 (≤ 0.05)",
      "TBT 151 ms (≤ 150 ms)",
    ]);
  });
});
