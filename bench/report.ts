/** The run's table and summary, as Markdown for bench/results. */
import type { Row } from "./measure.ts";
import type { FloorName } from "./scenarios.ts";
import { cacheMissShareOfFloor, comparedFloor, floorPaths, meetsTarget, readShareOfFloor } from "./targets.ts";

const cell = (met: boolean | undefined) => (met === undefined ? "" : met ? "yes" : "NO");
const ratio = (rps: number, floorRps: number | undefined) => (floorRps ? (rps / floorRps).toFixed(2) : "");
const thousands = (rps: number) => Math.round(rps).toLocaleString("en-US");

/**
 * The req/s of the floor a row is compared with (targets.ts): that floor as
 * measured beside the row (run.ts), else the better one of its phase. Rows
 * during writes share the host with the writers, and so do their floors (the
 * quiet floor is in its own column). Undefined for writes.
 */
export function floorOf(row: Row, rows: Row[]): number | undefined {
  const floor = comparedFloor(row);
  if (!floor) return undefined;
  return row.floorsBeside?.[floor] ?? ((row.duringWrites && bestFloor(rows, floor, true)) || bestFloor(rows, floor, false))?.rps;
}

/** The better of one floor's measurements with or without the writers. */
function bestFloor(rows: Row[], floor: FloorName, duringWrites: boolean): Row | undefined {
  return rows.filter((r) => r.kind === "floor" && r.floor === floor && r.duringWrites === duringWrites).sort((a, b) => b.rps - a.rps)[0];
}

export function resultsTable(rows: Row[], votesExact: boolean): string {
  return [
    "| call | req/s | p50 ms | p99 ms | compared with | vs floor | vs quiet floor | failed | meets target |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      const floor = comparedFloor(r);
      const floorRps = floorOf(r, rows);
      const quiet = floor && bestFloor(rows, floor, false)?.rps;
      const comparedWith = floor && r.kind !== "floor" ? floorPaths[floor].replace("GET ", "") : "";
      return `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${comparedWith} | ${ratio(r.rps, floorRps)} | ${ratio(r.rps, quiet)} | ${r.failures} | ${cell(meetsTarget(r, floorRps, votesExact))} |`;
    }),
  ].join("\n");
}

function describe(row: Row, floorRps: number | undefined): string {
  const name = row.name.replace(/ \((cache miss|signed in)\)| during writes/g, "");
  const share = floorRps ? row.rps / floorRps : undefined;
  const needed = row.kind === "cache miss" ? cacheMissShareOfFloor : readShareOfFloor;
  const shareText = share !== undefined && share < needed ? ` at ${share.toFixed(2)}× ${floorPaths[comparedFloor(row)!].replace("GET ", "")}` : "";
  return `${name} ${row.p99} ms${shareText}${row.failures ? `, ${row.failures} failed` : ""}`;
}

/** Each floor's range of req/s in the run, quiet and during writes. */
function floorRanges(rows: Row[]): string[] {
  return (["memory", "database"] as const).map((floor) => {
    const range = (duringWrites: boolean) => {
      const rps = rows.flatMap((r) => {
        if (r.kind === "floor" && r.floor === floor && r.duringWrites === duringWrites) return [r.rps];
        return r.duringWrites === duringWrites && r.floorsBeside ? [r.floorsBeside[floor]] : [];
      });
      return rps.length ? `${thousands(Math.min(...rps))} – ${thousands(Math.max(...rps))} req/s ${duringWrites ? "during writes" : "quiet"}` : undefined;
    };
    return `Floor ${floorPaths[floor]}: ${[range(false), range(true)].filter(Boolean).join(", ") || "not measured"}.`;
  });
}

/** Each floor's range, "n of m rows meet their target", then the rows that do not, grouped by kind. */
export function summary(rows: Row[], votesExact: boolean): string {
  const checked = rows.filter((r) => r.kind !== "floor");
  const missing = checked.filter((r) => !meetsTarget(r, floorOf(r, rows), votesExact));
  const lines = [...floorRanges(rows), `${checked.length - missing.length} of ${checked.length} rows meet their target.`];
  const groups = new Map<string, string[]>();
  for (const row of missing) {
    const group = `${row.kind}${row.duringWrites ? " during writes" : ""}`;
    groups.set(group, [...(groups.get(group) ?? []), describe(row, floorOf(row, rows))]);
  }
  for (const [group, names] of groups) lines.push(`Not met, ${group}: ${names.join("; ")}.`);
  return lines.join("\n");
}
