import { parseSearch, withoutToken, type SearchToken } from "@shared/search/query-language.ts";
import type { PostFilters } from "./filters";

/** All posts' count line: "1 post", "1,280 posts", or "More than 1,000 posts" where the count stopped at its cap. */
export function resultCountText(total: number, exact = true): string {
  const count = total.toLocaleString("en-US");
  if (!exact) return `More than ${count} posts`;
  return total === 1 ? "1 post" : `${count} posts`;
}

/** One way out of an empty result: its link's text and the filters without that one. */
export type FilterRemoval = { label: string; filters: PostFilters };

const tokenId = (token: SearchToken) => `${token.key}:${token.value}`;

/** The search text without every copy of one filter typed in it. */
function withoutTyped(search: string, id: string): string {
  for (let text = search; ; ) {
    const token = parseSearch(text).tokens.find((each) => tokenId(each) === id);
    if (!token) return text;
    text = withoutToken(text, token);
  }
}

/**
 * A link per active filter to drop it (SPEC's empty result is "No posts
 * found for the selected filters."): the search's words, each filter typed in
 * the search text, then each of the form's, in its order.
 */
export function filterRemovals(filters: PostFilters): FilterRemoval[] {
  const removals: FilterRemoval[] = [];
  const add = (label: string, change: Partial<PostFilters>) => removals.push({ label, filters: { ...filters, ...change } });
  const { tokens } = parseSearch(filters.search);
  const typed = tokens.map((token) => token.raw).join(" ");
  const words = tokens.reduceRight((text, token) => withoutToken(text, token), filters.search);
  if (words.trim()) add("Clear the search words", { search: typed });
  const seen = new Set<string>();
  for (const token of tokens) {
    const id = tokenId(token);
    if (seen.has(id)) continue;
    seen.add(id);
    add(`Clear ${token.key}: ${token.value}`, { search: withoutTyped(filters.search, id) });
  }
  if (filters.author.trim()) add(`Clear author: ${filters.author.trim()}`, { author: "" });
  for (const tag of filters.tags) add(`Clear tag: ${tag}`, { tags: filters.tags.filter((each) => each !== tag) });
  for (const type of filters.types) add(`Clear type: ${type}`, { types: filters.types.filter((each) => each !== type) });
  if (filters.from) add(`Clear from: ${filters.from}`, { from: "" });
  if (filters.to) add(`Clear to: ${filters.to}`, { to: "" });
  if (filters.date) add(`Clear date: ${filters.date}`, { date: "" });
  for (const has of filters.has) add(`Clear has: ${has}`, { has: filters.has.filter((each) => each !== has) });
  return removals;
}
