/**
 * A stand-in for the two Wayback Machine APIs the sources jobs use, and for
 * the capture pages they hand out, so `npm start` and the tests work offline.
 * What it imitates is in local-stack/README.md ("Wayback Machine stand-in").
 *
 *   GET  /wayback/available?url=…     the Availability API: the latest capture, or {"archived_snapshots": {}}
 *   POST /save  (form url=…)          Save Page Now 2: {url, job_id}; needs "Authorization: LOW key:secret"
 *   GET  /save/status/{job_id}        {status: "success", timestamp, original_url, …} or status "error"
 *   GET  /web/{timestamp}/{url}       the capture page
 *   PUT  /__captures  {url, timestamp}  (stand-in only) adds a capture, for the seed and the tests
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { ports, type Log } from "../config.ts";
import { readJson, sendJson } from "../http.ts";
import { CaptureStore } from "./captures.ts";

const origin = `http://127.0.0.1:${ports.wayback}`;
const captureUrl = (timestamp: string, url: string) => `${origin}/web/${timestamp}/${url}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** SPN2 refuses requests without an account's S3 keys (error:unauthorized). */
const hasS3Keys = (req: IncomingMessage) => /^LOW [^:\s]+:\S+$/.test(req.headers.authorization ?? "");

async function route(store: CaptureStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", origin);
  if (req.method === "GET" && url.pathname === "/wayback/available") {
    const target = url.searchParams.get("url") ?? "";
    const latest = store.latest(target);
    return sendJson(res, 200, {
      url: target,
      archived_snapshots: latest ? { closest: { status: "200", available: true, url: captureUrl(latest.timestamp, latest.url), timestamp: latest.timestamp } } : {},
    });
  }
  if (req.method === "POST" && url.pathname === "/save") {
    if (!hasS3Keys(req)) return sendJson(res, 401, { status: "error", status_ext: "error:unauthorized", message: "You need to be logged in to use Save Page Now." });
    const target = String((await readJson(req)).url ?? "");
    if (!/^https?:\/\//.test(target)) return sendJson(res, 400, { status: "error", status_ext: "error:invalid-url-syntax", message: "Invalid URL syntax." });
    const job = store.save(target);
    return sendJson(res, 200, { url: target, job_id: job.id });
  }
  const status = /^\/save\/status\/([^/]+)$/.exec(url.pathname);
  if (req.method === "GET" && status) {
    const job = store.job(decodeURIComponent(status[1]));
    if (!job) return sendJson(res, 200, { status: "error", status_ext: "error:not-found", message: "Job not found." });
    return sendJson(res, 200, { status: "success", job_id: job.id, original_url: job.url, timestamp: job.capture.timestamp, duration_sec: 0.1 });
  }
  const page = /^\/web\/(\d{14})\/(.+)$/.exec(url.pathname);
  if (req.method === "GET" && page) {
    const original = page[2] + url.search;
    const capture = store.find(original, page[1]);
    res.writeHead(capture ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    return void res.end(capture
      ? `<!doctype html><title>Archived: ${escapeHtml(original)}</title><p>The Wayback Machine stand-in's capture of <a href="${escapeHtml(original)}">${escapeHtml(original)}</a>, taken ${page[1]}.</p>`
      : "<!doctype html><title>Not archived</title><p>The Wayback Machine has not archived that URL.</p>");
  }
  if (req.method === "PUT" && url.pathname === "/__captures") {
    const body = await readJson(req);
    if (typeof body.url !== "string" || typeof body.timestamp !== "string" || !/^\d{14}$/.test(body.timestamp)) {
      return sendJson(res, 400, { message: "url and a 14-digit timestamp are required" });
    }
    const capture = store.add(body.url, body.timestamp);
    return sendJson(res, 201, { ...capture, capture_url: captureUrl(capture.timestamp, capture.url) });
  }
  sendJson(res, 404, { message: `no route for ${req.method} ${url.pathname} in the Wayback stand-in` });
}

export interface WaybackStandIn {
  availabilityUrl: string;
  saveUrl: string;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 at ports.wayback, holding `seedCaptures` ([url, timestamp]). */
export async function startWaybackStandIn(log: Log, seedCaptures: readonly (readonly [string, string])[] = []): Promise<WaybackStandIn> {
  const store = new CaptureStore();
  for (const [url, timestamp] of seedCaptures) store.add(url, timestamp);
  const server = http.createServer((req, res) => {
    route(store, req, res).catch((error: unknown) => {
      log(`[wayback] ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 400, { status: "error", message: "Bad request." });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(ports.wayback, "127.0.0.1", () => resolve());
  });
  return {
    availabilityUrl: `${origin}/wayback/available`,
    saveUrl: `${origin}/save`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
