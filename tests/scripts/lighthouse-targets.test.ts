import { describe, expect, it } from "vitest";
import { missedTargets, type Measure } from "../../scripts/lighthouse/targets.ts";

const onTarget: Measure = { score: 95, lcp: 2500, tbt: 150, cls: 0.05, fcp: 1800, si: 2000, benchmarkIndex: 1500 };

describe("missedTargets", () => {
  it("passes a page exactly on every target", () => {
    expect(missedTargets(onTarget)).toEqual([]);
  });

  it("names each missed target with the figure and what was wanted", () => {
    expect(missedTargets({ ...onTarget, score: 94, lcp: 2560, cls: 0.051, tbt: 151 })).toEqual([
      "performance 94 (≥ 95)",
      "LCP 2.56 s (≤ 2.5 s)",
      "CLS 0.051 (≤ 0.05)",
      "TBT 151 ms (≤ 150 ms)",
    ]);
  });
});
