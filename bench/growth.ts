/**
 * `npm run bench -- --growth`: the read rows on archives of several sizes
 * (`seed:large --scale`, each on a stack of its own, bench/run.ts), p99 side
 * by side, and how much it grows from the smallest archive to the largest
 * (target: at most +20 %: a read should cost in its page's size, not the
 * archive's).
 *
 * Each row is measured twice on every archive and keeps its lower p99: a
 * single 5 s p99 moved by a third between runs on the same archive (the
 * host's pace), as much as the growth it is meant to show. The size of each
 * answer is shown beside it, since a read's cost follows it.
 */
import type { Row } from "./measure.ts";
import { growthAllowed } from "./targets.ts";

export interface GrowthRun {
  scale: number;
  approved: number;
  seedSeconds: number;
  rows: Row[];
}

/** Each row at its lower p99 of the passes (the rows of each pass in the same order). */
export function bestOfPasses(passes: Row[][]): Row[] {
  return passes[0].map((row, i) => passes.reduce((best, pass) => (pass[i].p99 < best.p99 ? pass[i] : best), row));
}

const kilobytes = (row: Row | undefined) => (row ? (row.bytesPerRequest / 1000).toFixed(1) : "?");

const percent = (ratio: number) => `${ratio >= 0 ? "+" : ""}${Math.round(ratio * 100)} %`;

export function growthTable(runs: GrowthRun[]): string {
  const first = runs[0];
  const last = runs[runs.length - 1];
  const archive = (run: GrowthRun) => `${Math.round(run.approved / 1000)}k`;
  return [
    `| call | ${runs.map((run) => `p99 ms at ${archive(run)}`).join(" | ")} | growth ${archive(first)} → ${archive(last)} | within +${growthAllowed * 100} % | answer kB (${runs.map(archive).join(" / ")}) |`,
    `| --- | ${runs.map(() => "---:").join(" | ")} | ---: | --- | ---: |`,
    // Rows match by position: each archive has its own busiest post and search word.
    ...first.rows.map((row, i) => ({ row, i })).filter(({ row }) => row.kind !== "floor").map(({ row, i }) => {
      const p99s = runs.map((run) => run.rows[i]?.p99 ?? NaN);
      const growth = p99s[p99s.length - 1] / p99s[0] - 1;
      return `| ${row.name.replace(/\/posts\/\d+/, "/posts/{busiest}")} | ${p99s.join(" | ")} | ${percent(growth)} | ${growth <= growthAllowed ? "yes" : "NO"} | ${runs.map((run) => kilobytes(run.rows[i])).join(" / ")} |`;
    }),
    ...first.rows.filter((row) => row.kind === "floor").map((floor) =>
      `| ${floor.name} (req/s) | ${runs.map((run) => Math.round(run.rows.find((r) => r.name === floor.name)?.rps ?? NaN)).join(" | ")} |  |  |  |`
    ),
    `| seed:large (s) | ${runs.map((run) => run.seedSeconds.toFixed(0)).join(" | ")} |  |  |  |`,
  ].join("\n");
}

