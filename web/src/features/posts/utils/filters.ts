import type { SortOrder } from "@/types/api";
import { parseTags } from "@/lib/post-fields-parse";

/** The All posts filters, kept in the URL query (?search=&date=&sort=&tags=a,b) so a filtered list can be shared. */
export type PostFilters = {
  search: string;
  /** YYYY-MM-DD or "". */
  date: string;
  sort: SortOrder;
  tags: string[];
};

export const sortOptions: { value: SortOrder; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "oldest", label: "Oldest" },
  { value: "most_upvotes", label: "Most upvotes" },
];

const sorts = new Set<string>(sortOptions.map((option) => option.value));

export function filtersFromParams(params: URLSearchParams): PostFilters {
  const sort = params.get("sort") ?? "newest";
  const date = params.get("date") ?? "";
  return {
    search: params.get("search") ?? "",
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "",
    sort: (sorts.has(sort) ? sort : "newest") as SortOrder,
    tags: parseTags(params.get("tags") ?? ""),
  };
}

/** Only the filters that differ from the defaults, so the plain list has a plain URL. */
export function filtersToParams(filters: PostFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("search", filters.search);
  if (filters.date) params.set("date", filters.date);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.tags.length) params.set("tags", filters.tags.join(","));
  return params;
}

/** The query of GET /api/posts/all for these filters. */
export function filtersToQuery(filters: PostFilters) {
  return {
    search: filters.search.trim() || undefined,
    date: filters.date || undefined,
    sort: filters.sort,
    tags: filters.tags.length ? filters.tags.join(",") : undefined,
  };
}
