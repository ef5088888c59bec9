/**
 * The Wayback Machine, through its two public APIs: the Availability API
 * (https://archive.org/help/wayback_api.php) for a URL's latest capture, and
 * Save Page Now 2 (SPN2, "Save Page Now 2 Public API Docs Draft", V. Banos)
 * to request a new one: `POST /save` with `url=`, then `GET /save/status/{job_id}`.
 */
export interface WaybackConfig {
  availabilityUrl: string;
  saveUrl: string;
  accessKey: string;
  secretKey: string;
}

export interface Capture {
  url: string;
  capturedAt: Date;
}

export type SaveStatus = { status: "pending" } | { status: "success"; capture: Capture } | { status: "error"; message: string };

const timeoutMs = 10_000;

/** A Wayback timestamp, YYYYMMDDhhmmss in UTC. */
export function fromWaybackTimestamp(timestamp: string): Date | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp);
  if (!parts) return undefined;
  const [, year, month, date, hours, minutes, seconds] = parts.map(Number);
  return new Date(Date.UTC(year, month - 1, date, hours, minutes, seconds));
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${what} answered HTTP ${response.status}`);
  }
  return await response.json() as Record<string, unknown>;
}

/** The latest capture of `url`, if the Wayback Machine has one it can show. */
export async function latestCapture(config: WaybackConfig, url: string): Promise<Capture | undefined> {
  const request = new URL(config.availabilityUrl);
  request.searchParams.set("url", url);
  const answer = await json(await fetch(request, { signal: AbortSignal.timeout(timeoutMs) }), "the Availability API");
  const closest = (answer.archived_snapshots as { closest?: Record<string, unknown> } | undefined)?.closest;
  if (!closest?.available || typeof closest.url !== "string" || typeof closest.timestamp !== "string") return undefined;
  const capturedAt = fromWaybackTimestamp(closest.timestamp);
  // The real API answers with http:// links to web.archive.org, which serves them over https too.
  return capturedAt ? { url: closest.url.replace(/^http:\/\/web\.archive\.org\//, "https://web.archive.org/"), capturedAt } : undefined;
}

/** Whether captures can be requested: SPN2 needs an archive.org account's S3 keys. */
export const canRequestCaptures = (config: WaybackConfig) => Boolean(config.accessKey && config.secretKey);

const spnHeaders = (config: WaybackConfig) => ({
  accept: "application/json",
  authorization: `LOW ${config.accessKey}:${config.secretKey}`,
});

/** Asks for a capture of `url`; the SPN2 job id to follow it with. */
export async function requestCapture(config: WaybackConfig, url: string): Promise<string> {
  const answer = await json(
    await fetch(config.saveUrl, {
      method: "POST",
      headers: { ...spnHeaders(config), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ url, skip_first_archive: "1" }),
      signal: AbortSignal.timeout(timeoutMs),
    }),
    "Save Page Now",
  );
  if (typeof answer.job_id !== "string") throw new Error(`Save Page Now gave no job: ${String(answer.message ?? "")}`);
  return answer.job_id;
}

/** How a capture request stands; a finished capture is served at {origin}/web/{timestamp}/{original_url}. */
export async function captureStatus(config: WaybackConfig, jobId: string): Promise<SaveStatus> {
  const answer = await json(
    await fetch(`${config.saveUrl}/status/${encodeURIComponent(jobId)}`, { headers: spnHeaders(config), signal: AbortSignal.timeout(timeoutMs) }),
    "Save Page Now's status",
  );
  if (answer.status === "pending") return { status: "pending" };
  if (answer.status === "success" && typeof answer.timestamp === "string" && typeof answer.original_url === "string") {
    const capturedAt = fromWaybackTimestamp(answer.timestamp);
    if (capturedAt) {
      return { status: "success", capture: { url: `${new URL(config.saveUrl).origin}/web/${answer.timestamp}/${answer.original_url}`, capturedAt } };
    }
  }
  return { status: "error", message: String(answer.message ?? answer.status_ext ?? "the capture failed") };
}
