/** The stand-in's archive: the captures it holds, by original URL, and the capture requests it was given. */
import type { Sql } from "postgres";

export interface Capture {
  /** YYYYMMDDhhmmss, UTC, as the Wayback Machine writes it. */
  timestamp: string;
  url: string;
}

export interface SaveJob {
  id: string;
  url: string;
  capture: Capture;
}

export const toWaybackTimestamp = (date: Date) => date.toISOString().replace(/[-:T]/g, "").slice(0, 14);

export class CaptureStore {
  private readonly captures = new Map<string, Capture[]>();
  private readonly jobs = new Map<string, SaveJob>();

  add(url: string, timestamp: string): Capture {
    const capture = { url, timestamp };
    const list = this.captures.get(url) ?? [];
    list.push(capture);
    list.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    this.captures.set(url, list);
    return capture;
  }

  /** The latest capture of `url`, as the Availability API answers without a timestamp. */
  latest(url: string): Capture | undefined {
    return this.captures.get(url)?.at(-1);
  }

  find(url: string, timestamp: string): Capture | undefined {
    return this.captures.get(url)?.find((capture) => capture.timestamp === timestamp);
  }

  /** A capture request: the stand-in fetches nothing (it works offline), so the capture exists at once. */
  save(url: string, now = new Date()): SaveJob {
    const job = { id: `spn2-${crypto.randomUUID().replace(/-/g, "")}`, url, capture: this.add(url, toWaybackTimestamp(now)) };
    this.jobs.set(job.id, job);
    return job;
  }

  job(id: string): SaveJob | undefined {
    return this.jobs.get(id);
  }
}

/** The captures the database records (sources.archived_url, …/web/{timestamp}/{url}), as [url, timestamp]. */
export async function archivedCaptures(sql: Sql): Promise<[string, string][]> {
  const rows = await sql<{ url: string; archived_url: string }[]>`
    select url, archived_url from public.sources where archived_url is not null`;
  return rows.flatMap((row) => {
    const timestamp = /\/web\/(\d{14})\//.exec(row.archived_url)?.[1];
    return timestamp ? [[row.url, timestamp] as [string, string]] : [];
  });
}
