import { refusalFor, type Resolver, UnresolvedHost } from "./address-policy.ts";

/** A hop of a redirect chain. */
export interface Redirect {
  status: number;
  to: string;
}

/**
 * What fetching a URL came to: an answer (its status, where the chain of
 * redirects ended, and at most maxBytes of its body); a refusal to go where
 * the checker may not (no request was sent there); or a failure (DNS, timeout,
 * network, too many redirects).
 */
export type FetchOutcome =
  | { kind: "answered"; status: number; finalUrl: string; redirects: Redirect[]; body: Uint8Array }
  | { kind: "refused"; reason: string }
  | { kind: "failed"; reason: string };

export interface SafeFetchOptions {
  resolve: Resolver;
  loopbackAllowList: readonly string[];
  userAgent: string;
  /** Waits for this worker's turn at the host (one request a second per host). */
  pace: (host: string) => Promise<void>;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
}

// A new connection for every request: a kept one would skip the address check
// (and one a site closed meanwhile fails the next check for nothing).
const freshConnections = typeof Deno.createHttpClient === "function" ? Deno.createHttpClient({ poolMaxIdlePerHost: 0 }) : undefined;

/** Reads at most `maxBytes` of a body, then stops the download. */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.subarray(0, maxBytes - size));
      size += Math.min(value.length, maxBytes - size);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * GETs `url` the way a polite, careful checker does: each hop's host resolved
 * and refused unless every address is public (again after every redirect,
 * which is followed by hand), at most 5 redirects, 10 s for the whole chain,
 * at most 1 MB read. (A host that answers DNS differently a moment later
 * could still slip past the check; the hosted function's network has no
 * private neighbours to reach, so this guards the rest.)
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchOutcome> {
  const { timeoutMs = 10_000, maxRedirects = 5, maxBytes = 1024 * 1024 } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  const redirects: Redirect[] = [];
  let current = new URL(url);
  for (;;) {
    let refusal: string | undefined;
    try {
      refusal = await refusalFor(current, options.resolve, options.loopbackAllowList);
    } catch (error) {
      if (error instanceof UnresolvedHost) return { kind: "failed", reason: error.message };
      throw error;
    }
    if (refusal) return { kind: "refused", reason: refusal };
    // Not caught: a host too busy to wait for ends the job for now (pace.ts).
    await options.pace(current.host);
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: "manual",
        signal,
        client: freshConnections,
        headers: { "user-agent": options.userAgent, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects.length >= maxRedirects) return { kind: "failed", reason: `more than ${maxRedirects} redirects` };
        current = new URL(location, current);
        redirects.push({ status: response.status, to: current.toString() });
        continue;
      }
      const body = await readAtMost(response, maxBytes);
      return { kind: "answered", status: response.status, finalUrl: current.toString(), redirects, body };
    } catch (error) {
      if (signal.aborted) return { kind: "failed", reason: `no answer within ${timeoutMs / 1000} s` };
      return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
