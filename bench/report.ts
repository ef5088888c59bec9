/** The run's table and summary, as Markdown for bench/results. */
import type { Row } from "./measure.ts";
import { meetsTarget, readShareOfFloor } from "./targets.ts";

const cell = (met: boolean | undefined) => (met === undefined ? "" : met ? "yes" : "NO");

/**
 * The floor's req/s a row is compared with: the floor measured beside it
 * (run.ts), else the better floor of its phase. Rows during writes share the
 * host with the writers, and so does their floor (the quiet floor is in its
 * own column).
 */
export function floorOf(row: Row, rows: Row[]): number {
  return row.floorBeside ?? ((row.duringWrites && bestFloor(rows, true)) || bestFloor(rows, false)!).rps;
}

/** The better of the floors measured with or without the writers. */
function bestFloor(rows: Row[], duringWrites: boolean): Row | undefined {
  return rows.filter((r) => r.kind === "floor" && r.duringWrites === duringWrites).sort((a, b) => b.rps - a.rps)[0];
}

export function resultsTable(rows: Row[], votesExact: boolean): string {
  const quiet = bestFloor(rows, false)!;
  return [
    "| call | req/s | p50 ms | p99 ms | vs floor | vs quiet floor | failed | meets target |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      const floorRps = floorOf(r, rows);
      return `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / floorRps).toFixed(2)} | ${(r.rps / quiet.rps).toFixed(2)} | ${r.failures} | ${cell(meetsTarget(r, floorRps, votesExact))} |`;
    }),
  ].join("\n");
}

function describe(row: Row, floorRps: number): string {
  const name = row.name.replace(/ \((cache miss|signed in)\)| during writes/g, "");
  const share = row.rps / floorRps;
  return `${name} ${row.p99} ms${share < readShareOfFloor && row.kind !== "vote" && row.kind !== "comment" ? ` at ${share.toFixed(2)}× floor` : ""}${row.failures ? `, ${row.failures} failed` : ""}`;
}

/** "n of m rows meet their target", then the rows that do not, grouped by kind. */
export function summary(rows: Row[], votesExact: boolean): string {
  const checked = rows.filter((r) => r.kind !== "floor");
  const missing = checked.filter((r) => !meetsTarget(r, floorOf(r, rows), votesExact));
  const lines = [`${checked.length - missing.length} of ${checked.length} rows meet their target.`];
  const groups = new Map<string, string[]>();
  for (const row of missing) {
    const group = `${row.kind}${row.duringWrites ? " during writes" : ""}`;
    groups.set(group, [...(groups.get(group) ?? []), describe(row, floorOf(row, rows))]);
  }
  for (const [group, names] of groups) lines.push(`Not met, ${group}: ${names.join("; ")}.`);
  return lines.join("\n");
}
