import { filterCount, hasWords, isCalendarDate, parseSearch, SEARCH_TYPE_PATTERN, type SearchHas } from "@shared/search/query-language.ts";
import type { SortOrder } from "@/types/api";
import { parseTags } from "@/lib/post-fields-parse";

/**
 * The All posts filters, kept in the URL query
 * (?search=&date=&sort=&tags=a,b&author=&type=a,b&from=&to=&has=a,b) so a
 * filtered list can be shared.
 */
export type PostFilters = {
  search: string;
  /** One day, YYYY-MM-DD or "". */
  date: string;
  /** The sort the reader chose; null lets the search decide (sortOf). */
  sort: SortOrder | null;
  tags: string[];
  /** An author's name, or a word of it ("" for anyone). */
  author: string;
  /** Any of these post types. */
  types: string[];
  /** From and to days (YYYY-MM-DD or ""), both included. */
  from: string;
  to: string;
  has: SearchHas[];
};

export const noFilters: PostFilters = { search: "", date: "", sort: null, tags: [], author: "", types: [], from: "", to: "", has: [] };

export const sortOptions: { value: SortOrder; label: string }[] = [
  { value: "best", label: "Best match" },
  { value: "newest", label: "Newest" },
  { value: "oldest", label: "Oldest" },
  { value: "most_upvotes", label: "Most upvotes" },
];

/** The post types the type filter offers (others may exist: a link may still ask for them). */
export const typeOptions = [
  { value: "event", label: "Event" },
  { value: "discussion", label: "Discussion" },
  { value: "news", label: "News" },
  { value: "interview", label: "Interview" },
  { value: "other", label: "Other" },
] as const;

export const hasOptions: { value: SearchHas; label: string }[] = [
  { value: "sources", label: "Has sources" },
  { value: "media", label: "Has media" },
];

const sorts = new Set<string>(sortOptions.map((option) => option.value));
const hasValues = new Set<string>(hasOptions.map((option) => option.value));

/** Whether the search text has words to rank by (filters typed in it and excluded words alone do not). */
export const searchHasWords = (search: string) => hasWords(parseSearch(search));

/** The sort the list is in: the reader's choice, else Best match while the search has words and newest without (Best match needs words). */
export function sortOf(filters: Pick<PostFilters, "search" | "sort">): SortOrder {
  const words = searchHasWords(filters.search);
  if (!filters.sort) return words ? "best" : "newest";
  return filters.sort === "best" && !words ? "newest" : filters.sort;
}

/** The sort to keep for a choice in the select: none when it is what the search picks by itself, so later words still pick Best match. */
export function chosenSort(search: string, sort: SortOrder): SortOrder | null {
  return sort === sortOf({ search, sort: null }) || sort === "best" ? null : sort;
}

const list = (value: string | null) =>
  [...new Set((value ?? "").split(",").map((item) => item.trim().toLowerCase()).filter(Boolean))];
const day = (value: string | null) => (value && isCalendarDate(value) ? value : "");

export function filtersFromParams(params: URLSearchParams): PostFilters {
  const sort = params.get("sort");
  return {
    search: params.get("search") ?? "",
    date: day(params.get("date")),
    sort: sort && sorts.has(sort) ? (sort as SortOrder) : null,
    tags: parseTags(params.get("tags") ?? ""),
    author: (params.get("author") ?? "").trim(),
    types: list(params.get("type")).filter((type) => SEARCH_TYPE_PATTERN.test(type)),
    from: day(params.get("from")),
    to: day(params.get("to")),
    has: list(params.get("has")).filter((has): has is SearchHas => hasValues.has(has)),
  };
}

/** Only the filters that differ from the defaults, so the plain list has a plain URL. */
export function filtersToParams(filters: PostFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search);
  if (filters.date) params.set("date", filters.date);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.tags.length) params.set("tags", filters.tags.join(","));
  if (filters.author.trim()) params.set("author", filters.author.trim());
  if (filters.types.length) params.set("type", filters.types.join(","));
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.has.length) params.set("has", filters.has.join(","));
  return params;
}

/** The query of GET /api/posts/all (and of its downloads) for these filters: the API names the days since and until (its `from` is where a list starts). */
export function filtersToQuery(filters: PostFilters) {
  return {
    search: filters.search.trim() || undefined,
    date: filters.date || undefined,
    sort: sortOf(filters),
    tags: filters.tags.length ? filters.tags.join(",") : undefined,
    author: filters.author.trim() || undefined,
    type: filters.types.length ? filters.types.join(",") : undefined,
    since: filters.from || undefined,
    until: filters.to || undefined,
    has: filters.has.length ? filters.has.join(",") : undefined,
  };
}

/** Whether the reader is searching: words or filters typed in the search box. */
export const isSearching = (filters: Pick<PostFilters, "search">) => filters.search.trim() !== "";

/** How many filters narrow the list, in the fields and typed in the search text (the words and the sort aside): "Filters (n)". */
export function activeFilterCount(filters: PostFilters): number {
  const fields = { authors: filters.author.trim() ? [filters.author] : [], tags: filters.tags, types: filters.types, has: filters.has, from: filters.from || undefined, to: filters.to || undefined };
  return filterCount(fields) + filterCount(parseSearch(filters.search).filters) + (filters.date ? 1 : 0);
}
