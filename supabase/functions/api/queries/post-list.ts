import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import type { Votable, Votables } from "../read-cache/votables.ts";
import { keysetPage } from "./keyset.ts";

export type PostSort = "newest" | "oldest" | "most_upvotes";

export interface PostListOptions {
  search?: string;
  /** Comma-separated, as the visitor typed them: the database normalises them as it does a post's tags. */
  tags?: string;
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
  posts: (Votable & Record<string, unknown>)[];
  nextCursor: string | null;
}

export const postPageVotables: Votables<PostPage> = { posts: (page) => page.posts };

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
 * One statement per page: private.list_approved_posts filters, orders and
 * pages approved posts on indexed expressions (see its migration for why it
 * is a security-definer function) and reads each post's JSON kept ready
 * (private.post_cards) as text, which the page is put together from.
 */
export async function listPosts(tx: ReadTx, options: PostListOptions): Promise<JsonText<PostPage>> {
  const { search, tags, date, timeZone, sort, cursor, limit } = options;
  const rows = await tx<{ post: string; sort_key: string; id: number }[]>`
    select post, sort_key, id
    from private.list_approved_posts(
      p_sort => ${sort},
      p_limit => ${limit + 1},
      p_tsquery => ${search ? prefixQuery(search) : null},
      p_tags => ${tags ? tx`nullif(private.normalize_tags(string_to_array(${tags}::text, ',')), '{}')` : null}::text[],
      p_day => ${date ?? null}::date,
      p_time_zone => ${timeZone},
      -- Text, not a timestamp parameter: postgres.js would round it to milliseconds.
      p_cursor_key => ${cursor ? String(cursor.key) : null}::text,
      p_cursor_id => ${cursor?.id ?? null}::bigint,
      p_content_preview => ${options.contentPreview ?? false})`;

  return postPage(rows, limit);
}

/** A page from one row more than `limit` (ready JSON, sort key, id): the extra row says a next page exists. */
export function postPage(rows: { post: string; sort_key: string; id: number | string }[], limit: number): JsonText<PostPage> {
  const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({ key: row.sort_key, id: Number(row.id) }));
  return new JsonText(`{"posts": [${shown.map((row) => row.post).join(", ")}], "nextCursor": ${JSON.stringify(nextCursor)}}`);
}
