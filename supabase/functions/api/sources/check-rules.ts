import { normaliseUrl } from "./extract-urls.ts";
import type { FetchOutcome } from "./safe-fetch.ts";

export type SourceState = "unchecked" | "alive" | "moved" | "dead" | "uncheckable";

/** What one check found. */
export type CheckFinding =
  | { kind: "alive" }
  | { kind: "moved"; to: string }
  | { kind: "failed"; reason: string }
  | { kind: "uncheckable"; reason: string };

/** Statuses with which a site turns robots away rather than saying the page is gone. */
const refusesRobots = new Set([401, 403, 429]);
const permanentRedirects = new Set([301, 308]);

/**
 * A fetch's meaning for a source: a 2xx answer is alive, or moved when the
 * chain began with a permanent redirect to another URL; a refusal to go
 * there (a private address) or a site that turns robots away is uncheckable;
 * every other status, DNS failure or timeout is a failure.
 */
export function findingOf(outcome: FetchOutcome, sourceUrl: string): CheckFinding {
  if (outcome.kind === "refused") return { kind: "uncheckable", reason: outcome.reason };
  if (outcome.kind === "failed") return { kind: "failed", reason: outcome.reason };
  if (refusesRobots.has(outcome.status)) return { kind: "uncheckable", reason: `the site answers ${outcome.status} to robots` };
  if (outcome.status < 200 || outcome.status >= 300) return { kind: "failed", reason: `HTTP ${outcome.status}` };
  const movedTo = normaliseUrl(outcome.finalUrl)?.url ?? outcome.finalUrl;
  if (permanentRedirects.has(outcome.redirects[0]?.status) && movedTo !== sourceUrl) return { kind: "moved", to: movedTo };
  return { kind: "alive" };
}

const day = 24 * 60 * 60 * 1000;

/** What a source becomes after a check, and when it is checked next. */
export interface CheckResult {
  state: SourceState;
  movedTo: string | null;
  consecutiveFailures: number;
  nextCheckAt: Date;
}

/**
 * The check rules: a failure makes a source dead only on the second in a row
 * (until then it keeps its state); anything else resets the count. Checked
 * daily in its first week, weekly after.
 */
export function nextSourceState(
  source: { state: SourceState; consecutiveFailures: number; createdAt: Date },
  finding: CheckFinding,
  now: Date,
): CheckResult {
  const nextCheckAt = new Date(now.getTime() + (now.getTime() - source.createdAt.getTime() < 7 * day ? day : 7 * day));
  switch (finding.kind) {
    case "alive":
    case "uncheckable":
      return { state: finding.kind, movedTo: null, consecutiveFailures: 0, nextCheckAt };
    case "moved":
      return { state: "moved", movedTo: finding.to, consecutiveFailures: 0, nextCheckAt };
    case "failed": {
      const consecutiveFailures = source.consecutiveFailures + 1;
      return { state: consecutiveFailures >= 2 ? "dead" : source.state, movedTo: null, consecutiveFailures, nextCheckAt };
    }
  }
}
