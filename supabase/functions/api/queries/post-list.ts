import type { Tx } from "../../_shared/db.ts";
import { type Cursor, encodeCursor } from "../../_shared/cursor.ts";

export type PostSort = "newest" | "oldest" | "most_upvotes";

export interface PostListOptions {
  search?: string;
  tags?: string[];
  /** A calendar day (YYYY-MM-DD) in `timeZone`, matched against the event date, else the creation date. */
  date?: string;
  timeZone: string;
  sort: PostSort;
  cursor?: Cursor;
  limit: number;
  /** Timeline entries carry the start of the content for their excerpt. */
  contentPreview?: boolean;
}

export interface PostPage {
  posts: Record<string, unknown>[];
  nextCursor: string | null;
}

/**
 * Every word the visitor typed must start a word of the title, excerpt,
 * content or tags ("rive" finds "Rivera"): a prefix full-text query, which the
 * GIN index on posts.search serves. Punctuation is dropped, so no input can
 * make an invalid tsquery.
 */
export function prefixQuery(search: string): string {
  return search
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/**
 * One statement per page: filters, keyset condition and order all on indexed
 * expressions of approved posts, the JSON shape built by private.post_json.
 */
export async function listPosts(tx: Tx, options: PostListOptions): Promise<PostPage> {
  const { search, tags, date, timeZone, sort, cursor, limit } = options;
  const key = sort === "most_upvotes" ? tx`(p.upvotes - p.downvotes)` : tx`p.sort_date`;
  const descending = sort !== "oldest";
  const cursorKey = cursor
    // Sent as text and cast by Postgres: postgres.js would turn a timestamp
    // parameter into a JS Date and lose its microseconds.
    ? sort === "most_upvotes" ? tx`${String(cursor.key)}::text::integer` : tx`${String(cursor.key)}::text::timestamptz`
    : undefined;

  const rows = await tx<{ post: Record<string, unknown>; sort_key: string; id: number }[]>`
    select
      private.post_json(p, false)
        ${options.contentPreview ? tx`|| jsonb_build_object('content', left(p.content, 200))` : tx``} as post,
      -- As text: a timestamp keeps its microseconds, which a JS Date would drop.
      ${key}::text as sort_key,
      p.id
    from public.posts p
    where p.status = 'approved'
      ${search ? tx`and p.search @@ to_tsquery('simple', ${prefixQuery(search)})` : tx``}
      ${tags?.length ? tx`and p.tags @> ${tags}::text[]` : tx``}
      ${date
        ? tx`and p.sort_date >= (${date}::date::timestamp at time zone ${timeZone})
             and p.sort_date < ((${date}::date + 1)::timestamp at time zone ${timeZone})`
        : tx``}
      ${cursorKey
        ? descending
          ? tx`and (${key}, p.id) < (${cursorKey}, ${cursor!.id})`
          : tx`and (${key}, p.id) > (${cursorKey}, ${cursor!.id})`
        : tx``}
    order by ${key} ${descending ? tx`desc` : tx`asc`}, p.id ${descending ? tx`desc` : tx`asc`}
    limit ${limit + 1}`;

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  return {
    posts: page.map((row) => row.post),
    nextCursor: hasMore && last
      ? encodeCursor({ key: last.sort_key, id: Number(last.id) })
      : null,
  };
}
