import type { SearchClause } from "../../_shared/search/query-language.ts";
import { JsonText } from "../db/json-text.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { Cursor } from "../http/cursor.ts";
import type { Votable, Votables } from "../read-cache/votables.ts";
import { keysetPage } from "./keyset.ts";
import { markedHtml, markedWords } from "./search-marks.ts";
import { searchSuggestion } from "./search-suggestion.ts";

export type PostSort = "best" | "newest" | "oldest" | "most_upvotes";

export interface PostListOptions {
  /** The parsed search (supabase/functions/_shared/search/query-language.ts). */
  search?: SearchClause[];
  /** The search as typed, which "Did you mean" rewrites. */
  searchText?: string;
  /** Lowercased; the database normalises them as it does a post's tags. */
  tags?: string[];
  /** Names, as author: takes them. */
  authors?: string[];
  types?: string[];
  /** Days (YYYY-MM-DD) in `timeZone`, both included, on the event date, else the creation date. */
  from?: string;
  to?: string;
  hasSources?: boolean;
  hasMedia?: boolean;
  /** A calendar day (YYYY-MM-DD) in `timeZone`, matched against the event date, else the creation date. */
  date?: string;
  timeZone: string;
  sort: PostSort;
  cursor?: Cursor;
  limit: number;
  /** Timeline entries carry the start of the content for their excerpt. */
  contentPreview?: boolean;
  /** All posts' answer: the number of results, each result's matched words, and "Did you mean". */
  searchDetails?: boolean;
}

export interface PostPage {
  posts: (Votable & Record<string, unknown>)[];
  nextCursor: string | null;
}

export const postPageVotables: Votables<PostPage> = { posts: (page) => page.posts };

/** How far a search is counted: past it, "more than 1,000 posts". */
export const searchTotalCap = 1000;

type PageRow = {
  post: string;
  sort_key: string;
  id: number;
  match_title: string | null;
  match_snippet: string | null;
  /** private.search_posts counts a first page in the same statement. */
  total?: number;
  exact?: boolean;
};

const hasWords = (options: PostListOptions) => options.search?.some((clause) => !clause.exclude) ?? false;

/**
 * Best match, a phrase (whose pairs of words only private.search_posts asks
 * the index for) and the filters the plain lists do not have. Best match of
 * a search the database finds no words in (stop words only) is newest first
 * there.
 */
const needsSearchReader = (options: PostListOptions) =>
  options.sort === "best" || Boolean(options.search?.some((clause) => clause.anyOf.some((term) => term.kind === "phrase"))) || Boolean(options.authors || options.types || options.from || options.to) ||
  Boolean(options.hasSources || options.hasMedia);

/**
 * A search (its words, or a filter only search has) is counted; a list of a
 * tag or a day alone is not: tags most posts have made every such list
 * count through the GIN index, for a number its readers did not ask for.
 */
const isCounted = (options: PostListOptions) =>
  Boolean(options.search || options.authors || options.types || options.from || options.to || options.hasSources || options.hasMedia);

/** The filters as the search readers' parameters. */
function filterArguments(tx: ReadTx, options: PostListOptions) {
  return tx`
    p_search => ${options.search ? JSON.stringify(options.search) : null}::text::jsonb,
    p_tags => ${options.tags ? tx`nullif(private.normalize_tags(${options.tags}::text[]), '{}')` : null}::text[],
    p_authors => ${options.authors ?? null}::text[],
    p_types => ${options.types ?? null}::text[],
    p_from => ${options.from ?? null}::date,
    p_to => ${options.to ?? null}::date,
    p_day => ${options.date ?? null}::date,
    p_has_sources => ${options.hasSources ?? false},
    p_has_media => ${options.hasMedia ?? false},
    p_time_zone => ${options.timeZone}`;
}

/**
 * One statement per page: private.list_approved_posts (the plain lists, tags,
 * a day) or private.search_posts (Best match and the other filters) filters,
 * orders and pages approved posts (see their migrations for why they are
 * security-definer functions) and reads each post's JSON kept ready
 * (private.post_cards) as text, which the page is put together from. With
 * searchDetails, each result's marked title and snippet come in the same
 * statement, and the first page adds the number of results (in the same
 * statement too when private.search_posts serves it).
 */
export async function listPosts(tx: ReadTx, options: PostListOptions): Promise<JsonText<PostPage>> {
  const { sort, cursor, limit } = options;
  const withMatches = Boolean(options.searchDetails && hasWords(options));
  const counted = Boolean(options.searchDetails && !cursor && isCounted(options));
  const searchJson = options.search ? JSON.stringify(options.search) : null;
  let rows: PageRow[];
  if (needsSearchReader(options)) {
    rows = await tx<PageRow[]>`
      select post, sort_key, id, match_title, match_snippet, total, exact
      from private.search_posts(
        p_sort => ${sort},
        p_limit => ${limit + 1},
        ${filterArguments(tx, options)},
        p_cursor_key => ${cursor ? String(cursor.key) : null}::text,
        p_cursor_id => ${cursor?.id ?? null}::bigint,
        p_with_matches => ${withMatches},
        p_count_cap => ${counted ? searchTotalCap : null}::integer)`;
  } else {
    const reader = tx`private.list_approved_posts(
        p_sort => ${sort === "best" ? "newest" : sort},
        p_limit => ${limit + 1},
        p_search => ${searchJson}::text::jsonb,
        p_tags => ${options.tags ? tx`nullif(private.normalize_tags(${options.tags}::text[]), '{}')` : null}::text[],
        p_day => ${options.date ?? null}::date,
        p_time_zone => ${options.timeZone},
        -- Text, not a timestamp parameter: postgres.js would round it to milliseconds.
        p_cursor_key => ${cursor ? String(cursor.key) : null}::text,
        p_cursor_id => ${cursor?.id ?? null}::bigint,
        p_content_preview => ${options.contentPreview ?? false})`;
    rows = withMatches
      ? await tx<PageRow[]>`
          select l.post, l.sort_key, l.id, m.title as match_title, m.snippet as match_snippet
          from ${reader} l
          left join lateral private.search_match(l.id, private.search_tsquery(${searchJson}::text::jsonb, true)) m on true`
      : await tx<PageRow[]>`select l.post, l.sort_key, l.id, null as match_title, null as match_snippet from ${reader} l`;
  }

  const page = postPage(rows, limit, withMatches);
  if (!options.searchDetails) return page;
  // No row on a first page is no result; otherwise each row carries the count when its reader made it.
  const total = !counted ? undefined : rows.length === 0 ? { total: 0, exact: true } : rows[0].total !== undefined
    ? { total: rows[0].total, exact: rows[0].exact! }
    : await countPosts(tx, options, searchTotalCap);
  const suggestion = total?.total === 0 && hasWords(options) ? await searchSuggestion(tx, options, countPosts) : null;
  return withSearchTotals(page, total, suggestion);
}

/** How many posts match, up to `cap` (exact: false past it). */
async function countPosts(tx: ReadTx, options: PostListOptions, cap: number): Promise<{ total: number; exact: boolean }> {
  const [row] = await tx<{ total: number; exact: boolean }[]>`
    select total, exact from private.search_total(p_cap => ${cap}, ${filterArguments(tx, options)})`;
  return row;
}

export type CountPosts = typeof countPosts;

/** A page from one row more than `limit` (ready JSON, sort key, id): the extra row says a next page exists. */
export function postPage(rows: { post: string; sort_key: string; id: number | string }[], limit: number, withMatches = false): JsonText<PostPage> {
  const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({ key: row.sort_key, id: Number(row.id) }));
  // A search of stop words only has no words to mark: no match.
  const posts = shown.map((row) => withMatches && (row as PageRow).match_title !== null ? withMatch(row as PageRow) : row.post);
  return new JsonText(`{"posts": [${posts.join(", ")}], "nextCursor": ${JSON.stringify(nextCursor)}}`);
}

/** The post's ready JSON with its matched words in context (`match`) added. */
function withMatch(row: PageRow): string {
  const title = markedHtml(row.match_title ?? "");
  const snippet = markedHtml(row.match_snippet ?? "");
  const match = { title, snippet, highlights: markedWords(`${row.match_title ?? ""} ${row.match_snippet ?? ""}`) };
  return `${row.post.slice(0, row.post.lastIndexOf("}"))}, "match": ${JSON.stringify(match)}}`;
}

function withSearchTotals(page: JsonText<PostPage>, total: { total: number; exact: boolean } | undefined, suggestion: string | null) {
  const extra = `"total": ${total ? total.total : "null"}, "totalExact": ${total ? total.exact : true}, "suggestion": ${JSON.stringify(suggestion)}`;
  return new JsonText<PostPage>(`${page.text.slice(0, page.text.lastIndexOf("}"))}, ${extra}}`);
}
