/**
 * The targets every row is checked against, in one run on the 100k archive at
 * 10 connections: every read (visitor, cache miss, signed in, during writes)
 * p99 ≤ 50 ms and at least a quarter of the floor's requests per second (the
 * floor measured beside the row, under the same load: reads during writes
 * against the floor during writes, see run.ts and report.ts);
 * a vote p99 ≤ 50 ms with counters exact afterwards; a new comment p99 ≤ 100 ms.
 * A failed request (429s included) fails its row.
 */
import type { Row } from "./measure.ts";

export const readP99 = 50;
export const readShareOfFloor = 1 / 4;
export const voteP99 = 50;
export const commentP99 = 100;
/** Growth: a read's p99 on the largest archive at most this much above the smallest's. */
export const growthAllowed = 0.2;

export const targetsText =
  `Targets: every read (visitor, cache miss, signed in, during writes) p99 ≤ ${readP99} ms and ≥ 1/${1 / readShareOfFloor} of the floor's req/s under the same load; ` +
  `votes p99 ≤ ${voteP99} ms with counters exact afterwards; new comments p99 ≤ ${commentP99} ms; any failed request (429s included) fails its row.`;

/** "" for the floor, else whether the row meets its target. */
export function meetsTarget(row: Row, floorRps: number, votesExact: boolean): boolean | undefined {
  if (row.kind === "floor") return undefined;
  if (row.failures > 0) return false;
  if (row.kind === "vote") return row.p99 <= voteP99 && votesExact;
  if (row.kind === "comment") return row.p99 <= commentP99;
  return row.p99 <= readP99 && row.rps >= floorRps * readShareOfFloor;
}
