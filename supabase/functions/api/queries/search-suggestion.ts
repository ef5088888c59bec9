import { parseSearch } from "../../_shared/search/query-language.ts";
import type { ReadTx } from "../db/lanes.ts";
import type { CountPosts, PostListOptions } from "./post-list.ts";

/** A word as the text search configurations fold it: case and accents aside. */
const fold = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * "Did you mean …?": the search as typed with each word no published post
 * has replaced by the most similar word that some do
 * (private.search_suggestions); filters stay as typed. Offered only when it
 * finds something under the same filters.
 */
export async function searchSuggestion(tx: ReadTx, options: PostListOptions, countPosts: CountPosts): Promise<string | null> {
  const text = options.searchText ?? "";
  const words = [...new Set((options.search ?? []).flatMap((clause) => clause.anyOf.flatMap((term) => term.text.match(WORD) ?? [])))];
  if (!words.length) return null;
  const rows = await tx<{ word: string; suggestion: string }[]>`
    select word, suggestion from private.search_suggestions(${words}::text[])`;
  if (!rows.length) return null;

  const replacements = new Map(rows.map((row) => [row.word, row.suggestion]));
  const filterSpans = parseSearch(text).tokens;
  const suggested = text.replace(WORD, (word, offset: number) =>
    filterSpans.some((token) => offset >= token.start && offset < token.end) ? word : replacements.get(fold(word)) ?? word);
  if (suggested === text) return null;

  const { total } = await countPosts(tx, { ...options, search: parseSearch(suggested).clauses }, 1);
  return total > 0 ? suggested : null;
}
