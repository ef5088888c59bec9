import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { gzipSync } from "node:zlib";

/** The gzipped bytes of `json`, or null when they are not smaller. */
export function gzipOnce(json: string): ArrayBuffer | null {
  const gzip = gzipSync(json);
  // An ArrayBuffer of its own (not a slice of a pooled one), typed alike by the edge runtime's older TypeScript.
  return gzip.byteLength < json.length ? (new Uint8Array(gzip).buffer as ArrayBuffer) : null;
}

/** A visitor's answer; `gzip` is made the first time a kept answer is asked for again (undefined until then). */
export interface GzippableAnswer {
  json: string;
  gzip?: ArrayBuffer | null;
  fromMemory: boolean;
}

/**
 * A visitor's answer, gzipped for a client that accepts it once it is kept
 * and asked for again: from then on every browser is handed the same kept
 * bytes (a list relays about a fifth of its JSON) and nothing is compressed
 * per request. An answer built for one request (a miss, an address nobody
 * asks for twice) goes as text, since compressing it cost about as much as
 * building it (bench/findings.md, "Answers kept gzipped").
 */
export function keptAnswerBody(c: Context, answer: GzippableAnswer): Response {
  // Whether gzip was chosen depends on this header, as much as on Authorization.
  c.header("Vary", "Accept-Encoding", { append: true });
  if (answer.fromMemory && accepts(c, { header: "Accept-Encoding", supports: ["gzip"], default: "identity" }) === "gzip") {
    const gzip = answer.gzip === undefined ? (answer.gzip = gzipOnce(answer.json)) : answer.gzip;
    if (gzip) return c.body(gzip, 200, { "content-type": "application/json", "content-encoding": "gzip" });
  }
  return c.body(answer.json, 200, { "content-type": "application/json" });
}
