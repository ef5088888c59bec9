/**
 * The CPU slowdown that makes this host a mid-tier phone, from its
 * benchmarkIndex, as Lighthouse's throttling guide says (lighthouse
 * docs/throttling.md, "Calibrating the CPU slowdown", which points to the
 * "Lighthouse CPU slowdown calculator" webapp:
 * patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js,
 * computeMultiplierMessages). Its line, piece by piece: 150 → 1×, 800 → 2×,
 * 1300 → 3×, then +1× per 233 (1533 → 4×, the preset's default, 2000 → 6×).
 * Below 150 the calculator gives no factor: such a host is slower than the phone.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | undefined {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return undefined;
  const multiplier =
    benchmarkIndex >= 1300 ? 3 + (benchmarkIndex - 1300) / 233
    : benchmarkIndex >= 800 ? 2 + (benchmarkIndex - 800) / 500
    : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}
