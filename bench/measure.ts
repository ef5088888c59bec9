/** One call under load with autocannon: requests per second, latency and failures. */
import autocannon from "autocannon";
import type { FloorName, Kind, Scenario } from "./scenarios.ts";

export interface Row {
  name: string;
  kind: Kind;
  /** A floor's own name (kind "floor" only). */
  floor?: FloorName;
  /** True for rows measured while the write storm ran. */
  duringWrites: boolean;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Bytes received per request, headers included: a read's page size. */
  bytesPerRequest: number;
  seconds: number;
  /** Answers outside 2xx (429s included), connection errors and timeouts. */
  failures: number;
  tooManyRequests: number;
  /**
   * Each floor's better req/s of the two short measurements just before and
   * just after this row (run.ts): the host's pace at the time of the row.
   */
  floorsBeside?: Record<FloorName, number>;
}

export interface Load {
  apiBase: string;
  connections: number;
  duration: number;
}

/** What every browser sends, so reads are measured in the encoding people get (gzip when the answer is kept gzipped). */
const browserHeaders = { "accept-encoding": "gzip, deflate, br" };

export async function measure(scenario: Scenario, load: Load, duringWrites = false, duration = load.duration): Promise<Row> {
  const started = performance.now();
  const result = await autocannon({
    url: `${load.apiBase}${scenario.path}`,
    connections: load.connections,
    duration,
    headers: browserHeaders,
    maxOverallRequests: scenario.maxRequests,
    requests: scenario.requests?.(),
  });
  return {
    name: duringWrites ? `${scenario.name} during writes` : scenario.name,
    kind: scenario.kind,
    floor: scenario.floor,
    duringWrites,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    seconds: (performance.now() - started) / 1000,
    failures: result.non2xx + result.errors + result.timeouts,
    tooManyRequests: (result.statusCodeStats as Record<string, { count: number }> | undefined)?.["429"]?.count ?? 0,
  };
}

/** Unrecorded load: the first seconds after a start (JIT, connection pools, caches) are not the steady state. */
export async function warmUp(scenarios: Scenario[], load: Load): Promise<void> {
  for (const scenario of scenarios) {
    await autocannon({ url: `${load.apiBase}${scenario.path}`, connections: load.connections, duration: 1, headers: browserHeaders, requests: scenario.requests?.() });
  }
}
