import { sourcesEnv } from "../env.ts";
import { resolveWithDns } from "./address-policy.ts";
import { findingOf, nextSourceState } from "./check-rules.ts";
import { waitForHostTurn } from "./pace.ts";
import { queue, type SourceJob } from "./queue.ts";
import { robotsAllow } from "./robots.ts";
import { safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";
import { checkerUserAgent } from "./user-agent.ts";

const fetchOptions: SafeFetchOptions = {
  resolve: resolveWithDns,
  loopbackAllowList: sourcesEnv.loopbackAllowList,
  userAgent: checkerUserAgent,
  pace: (host) => waitForHostTurn(host),
};

/** Checks a source: robots.txt first, then the page itself; the rules (check-rules.ts) decide its state. */
export async function runCheckJob(job: SourceJob): Promise<string> {
  const source = await queue.source(job.source_id!);
  if (!source) return "the source is gone";
  if (!source.cited) return "nothing published or pending cites it any longer";
  const finding = await robotsAllow(source.url, fetchOptions)
    ? findingOf(await safeFetch(source.url, fetchOptions), source.url)
    : { kind: "uncheckable" as const, reason: "robots.txt disallows it" };
  const result = nextSourceState(
    { state: source.state, consecutiveFailures: source.consecutive_failures, createdAt: new Date(source.created_at) },
    finding,
    new Date(),
  );
  await queue.recordCheck(job.source_id!, result);
  return "reason" in finding ? `${result.state} (${finding.reason})` : result.state;
}
