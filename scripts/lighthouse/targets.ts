/** What one page's median run must reach: the score, the first paint from the HTML, and the three Core Web Vitals Lighthouse simulates. */
export type Measure = { score: number; lcp: number; tbt: number; cls: number; fcp: number; si: number; benchmarkIndex: number };

export const targets = [
  { name: "performance", met: (m: Measure) => m.score >= 98, wanted: "≥ 98", shown: (m: Measure) => String(m.score) },
  { name: "FCP", met: (m: Measure) => m.fcp <= 1200, wanted: "≤ 1.2 s", shown: (m: Measure) => seconds(m.fcp) },
  { name: "LCP", met: (m: Measure) => m.lcp <= 1800, wanted: "≤ 1.8 s", shown: (m: Measure) => seconds(m.lcp) },
  { name: "CLS", met: (m: Measure) => m.cls <= 0.05, wanted: "≤ 0.05", shown: (m: Measure) => m.cls.toFixed(3) },
  { name: "TBT", met: (m: Measure) => m.tbt <= 150, wanted: "≤ 150 ms", shown: (m: Measure) => `${Math.round(m.tbt)} ms` },
] as const;

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The targets a page misses, e.g. ["LCP 3.10 s (≤ 2.5 s)"]. */
export function missedTargets(measure: Measure): string[] {
  return targets.filter((target) => !target.met(measure)).map((target) => `${target.name} ${target.shown(measure)} (${target.wanted})`);
}
