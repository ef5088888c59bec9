import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { gzipSync } from "node:zlib";

/**
 * A visitor's answer gzipped once, when that is smaller, so every request that
 * accepts gzip (every browser) is handed the same kept bytes: a list page
 * relays about a fifth of its bytes, and nothing is compressed per request
 * (bench/findings.md, "Answers kept gzipped").
 */
export function gzipOnce(json: string): ArrayBuffer | undefined {
  const gzip = gzipSync(json);
  // An ArrayBuffer of its own (not a slice of a pooled one), typed alike by the edge runtime's older TypeScript.
  return gzip.byteLength < json.length ? (new Uint8Array(gzip).buffer as ArrayBuffer) : undefined;
}

/** The kept answer: gzipped for a client that accepts it, else as text. */
export function keptAnswerBody(c: Context, answer: { json: string; gzip?: ArrayBuffer }): Response {
  // Whether gzip was chosen depends on this header, as much as on Authorization.
  c.header("Vary", "Accept-Encoding", { append: true });
  if (answer.gzip && accepts(c, { header: "Accept-Encoding", supports: ["gzip"], default: "identity" }) === "gzip") {
    return c.body(answer.gzip, 200, { "content-type": "application/json", "content-encoding": "gzip" });
  }
  return c.body(answer.json, 200, { "content-type": "application/json" });
}
