/**
 * The targets every row is checked against, in one run on the 100k archive at
 * 10 connections: every read p99 ≤ 50 ms, and a share of the req/s of its
 * floor measured beside it under the same load (reads during writes against
 * the floors during writes, see run.ts and report.ts): a read answered from
 * the function's memory at least half of GET /api/health's, a member's read
 * at least half of GET /api/health/db's, a read Postgres builds for a visitor
 * (a cache miss) at least a quarter of it; a vote p99 ≤ 50 ms with
 * counters exact afterwards; a new comment p99 ≤ 100 ms, also on a thread
 * with 1,000 followers, and an approval of a post whose tag has 1,000
 * followers as well. A failed request (429s included) fails its row.
 */
import type { Row } from "./measure.ts";
import type { FloorName } from "./scenarios.ts";

export const readP99 = 50;
export const readShareOfFloor = 1 / 2;
/** A cache miss builds the whole answer in Postgres, once per address until the data changes. */
export const cacheMissShareOfFloor = 1 / 4;
export const voteP99 = 50;
export const commentP99 = 100;
/** An approval is a write of the same weight as a comment: the post, its log entry, its follow event. */
export const approveP99 = commentP99;
/** Growth: a read's p99 on the largest archive at most this much above the smallest's. */
export const growthAllowed = 0.2;

export const floorPaths: Record<FloorName, string> = { memory: "GET /api/health", database: "GET /api/health/db" };

export const targetsText =
  `Targets: every read (visitor, cache miss, signed in, during writes) p99 ≤ ${readP99} ms; ` +
  `a read answered from memory (visitor) ≥ 1/${1 / readShareOfFloor} of ${floorPaths.memory}'s req/s, ` +
  `a signed-in read ≥ 1/${1 / readShareOfFloor} and a cache miss ≥ 1/${1 / cacheMissShareOfFloor} of ${floorPaths.database}'s, each floor measured beside the row under the same load; ` +
  `votes p99 ≤ ${voteP99} ms with counters exact afterwards; new comments p99 ≤ ${commentP99} ms, approvals p99 ≤ ${approveP99} ms (both also with 1,000 followers); any failed request (429s included) fails its row.`;

/**
 * The floor a row is compared with: a floor with itself, a visitor's read
 * (from memory) with the memory floor, a read Postgres builds with the
 * database floor; writes with none (their targets are latency only).
 */
export function comparedFloor(row: Pick<Row, "kind" | "floor">): FloorName | undefined {
  if (row.kind === "floor") return row.floor;
  if (row.kind === "read") return "memory";
  if (row.kind === "cache miss" || row.kind === "signed in") return "database";
  return undefined;
}

/** Undefined for a floor, else whether the row meets its target (`floorRps`: its floor's, for a read). */
export function meetsTarget(row: Row, floorRps: number | undefined, votesExact: boolean): boolean | undefined {
  if (row.kind === "floor") return undefined;
  if (row.failures > 0) return false;
  if (row.kind === "vote") return row.p99 <= voteP99 && votesExact;
  if (row.kind === "comment") return row.p99 <= commentP99;
  if (row.kind === "approve") return row.p99 <= approveP99;
  const share = row.kind === "cache miss" ? cacheMissShareOfFloor : readShareOfFloor;
  return row.p99 <= readP99 && floorRps !== undefined && row.rps >= floorRps * share;
}
