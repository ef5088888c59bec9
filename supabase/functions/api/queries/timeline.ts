import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import { type Cursor, encodeCursor } from "../http/cursor.ts";
import type { Votable, Votables } from "../read-cache/votables.ts";

/**
 * A page of the timeline: `nextCursor` continues with older posts;
 * `newerCursor`, set when the timeline was opened at a month (or on a page of
 * newer posts), continues with newer ones, null when none are left.
 */
export interface TimelinePage {
  posts: (Votable & Record<string, unknown>)[];
  nextCursor: string | null;
  newerCursor: string | null;
}

export const timelinePageVotables: Votables<TimelinePage> = { posts: (page) => page.posts };

export interface TimelineOptions {
  limit: number;
  /** Only posts of this type (events only), else all. */
  postType?: string;
  timeZone: string;
  /** The next page down: older posts after this one. */
  cursor?: Cursor;
  /** The page above: newer posts before this one. */
  newer?: Cursor;
  /** Open at a month or year: the first day after it (YYYY-MM-DD, in `timeZone`); the page starts with its newest post. */
  until?: string;
}

/** The first day after a year ("2025": 2026-01-01) or a month ("2025-12": 2026-01-01), where a timeline opened there ends. */
export function dayAfter(period: string): string {
  const [year, month] = period.split("-").map(Number);
  const next = month === undefined || month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return `${String(next.year).padStart(4, "0")}-${String(next.month).padStart(2, "0")}-01`;
}

type Row = { post: string; sort_key: string; id: string };

const page = (posts: Row[], nextCursor: string | null, newerCursor: string | null) =>
  new JsonText<TimelinePage>(
    `{"posts": [${posts.map((row) => row.post).join(", ")}], "nextCursor": ${JSON.stringify(nextCursor)}, "newerCursor": ${JSON.stringify(newerCursor)}}`,
  );

const cursorOf = (row: Row): string => encodeCursor({ key: row.sort_key, id: Number(row.id) });

/** One page of the timeline (private.timeline_posts), a statement or, to open at a month, three. */
export async function listTimeline(tx: ReadTx, options: TimelineOptions): Promise<JsonText<TimelinePage>> {
  const { limit, newer } = options;
  const postType = options.postType ?? null;
  // One row more than the page tells whether another page follows.
  const read = (key: string, id: number, towardsNewer: boolean, rows: number) =>
    tx<Row[]>`select post, sort_key, id from private.timeline_posts(${rows}, ${postType}, ${key}::text, ${id}::bigint, ${towardsNewer})`;

  if (newer) {
    // Nearest first from the database, shown newest first.
    const rows = await read(String(newer.key), Number(newer.id), true, limit + 1);
    const shown = rows.slice(0, limit);
    return page(shown.reverse(), null, rows.length > limit ? cursorOf(shown[0]) : null);
  }

  let start = options.cursor ? { key: String(options.cursor.key), id: Number(options.cursor.id) } : undefined;
  if (!start && options.until) {
    // The start of the day after the period, in the reader's time zone; id 0 puts every post of that instant above.
    const [boundary] = await tx<{ key: string }[]>`select (${options.until}::date::timestamp at time zone ${options.timeZone})::text as key`;
    start = { key: boundary.key, id: 0 };
  }
  const rows = start
    ? await read(start.key, start.id, false, limit + 1)
    : await tx<Row[]>`select post, sort_key, id from private.timeline_posts(${limit + 1}, ${postType})`;
  const shown = rows.slice(0, limit);
  const nextCursor = rows.length > limit ? cursorOf(shown[shown.length - 1]) : null;
  if (!options.until || options.cursor) return page(shown, nextCursor, null);

  const first = shown[0] ? { key: shown[0].sort_key, id: Number(shown[0].id) } : start!;
  const above = await read(first.key, first.id, true, 1);
  return page(shown, nextCursor, above.length ? encodeCursor(first) : null);
}

/** The months that have posts on the timeline (YYYY-MM in `timeZone`), newest first: its index. */
export async function listTimelineMonths(tx: ReadTx, timeZone: string, postType?: string): Promise<{ months: string[] }> {
  const rows = await tx<{ month: string }[]>`select month from private.timeline_months(${timeZone}, ${postType ?? null})`;
  return { months: rows.map((row) => row.month) };
}
