import { z } from "zod";
import { hasWords, isCalendarDate, parseSearch, SEARCH_TYPE_PATTERN, type SearchHas } from "../../_shared/search/query-language.ts";
import type { PostListOptions } from "../queries/post-list.ts";

/** The visitor's time zone, which decides what a day (and "today") is. */
export const timeZone = z.string().min(1).max(64).default("UTC");

const day = (name: string) =>
  z.string().refine(isCalendarDate, { error: `${name} must be a day as YYYY-MM-DD.` }).optional()
    .or(z.literal("").transform(() => undefined));

/** A comma-separated parameter as its trimmed, non-empty parts. */
const commaList = (max: number) =>
  z.string().max(max).optional().transform((value) => (value ?? "").split(",").map((part) => part.trim()).filter(Boolean));

/**
 * What narrows and orders All posts (the search language, tags, author, type,
 * dates, sources and media, sort, time zone): one set of rules for the list
 * and for its downloads (routes/export.ts).
 */
export const postListFilters = {
  search: z.string().trim().max(500).optional().meta({
    description:
      'Words (all must match, stemmed: "concerts" finds "concert"; accents aside), "a phrase" (exactly), a OR b, -word, -"a phrase", ' +
      "and the filters author:, tag:, type:, from:, to:, has:sources, has:media. Never an error: what cannot be read is searched as words.",
  }),
  tags: z.string().max(500).optional().meta({ description: "Comma-separated; a post must have every one." }),
  author: z.string().trim().max(130).optional().meta({ description: "The author's name, case and accents aside; one word matches a word of the name." }),
  type: commaList(200).pipe(z.array(z.string().regex(SEARCH_TYPE_PATTERN, { error: "type must be post types (a-z and _), comma-separated." })))
    .meta({ description: "Comma-separated post types (event, discussion, …); a post of any of them.", example: "event" }),
  since: day("since").meta({ description: "The first day (YYYY-MM-DD) in tz, on the event date, else the creation date (from: in the search)." }),
  until: day("until").meta({ description: "The last day (YYYY-MM-DD) in tz, on the event date, else the creation date (to: in the search)." }),
  has: commaList(40).pipe(z.array(z.enum(["sources", "media"], { error: "has must be sources, media or both, comma-separated." })))
    .meta({ description: "sources, media or both: posts that cite a link, that carry media.", example: "sources" }),
  date: z.iso.date("date must be a day as YYYY-MM-DD.").optional().or(z.literal("").transform(() => undefined))
    .meta({ description: "A day (YYYY-MM-DD) in tz: the event's date, else the creation date." }),
  sort: z.enum(["best", "newest", "oldest", "most_upvotes"], { error: "sort must be best, newest, oldest or most_upvotes." }).optional()
    .meta({ description: "best (Best match) is the default while the search has words; newest otherwise." }),
  tz: timeZone,
};

const filters = z.object(postListFilters);

const unique = <T>(values: T[]) => [...new Set(values)];
const later = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : a ?? b);
const earlier = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : a ?? b);

/**
 * The list reader's options: the search text's own filters joined with the
 * parameters (tags and has: all of them; types: any; the later first day and
 * the earlier last day), and Best match when there are words and no sort was asked.
 */
export function listFilterOptions(query: z.output<typeof filters>): Omit<PostListOptions, "limit" | "cursor"> {
  const parsed = parseSearch(query.search ?? "");
  const tags = unique([...parsed.filters.tags, ...(query.tags ?? "").split(",")].map((tag) => tag.trim().toLowerCase()).filter(Boolean));
  const authors = unique([...parsed.filters.authors, ...(query.author ? [query.author] : [])]);
  const types = unique([...parsed.filters.types, ...query.type]);
  const has = unique<SearchHas>([...parsed.filters.has, ...query.has]);
  return {
    search: parsed.clauses.length ? parsed.clauses : undefined,
    searchText: query.search,
    tags: tags.length ? tags : undefined,
    authors: authors.length ? authors : undefined,
    types: types.length ? types : undefined,
    from: later(parsed.filters.from, query.since),
    to: earlier(parsed.filters.to, query.until),
    hasSources: has.includes("sources"),
    hasMedia: has.includes("media"),
    date: query.date,
    timeZone: query.tz,
    sort: query.sort ?? (hasWords(parsed) ? "best" : "newest"),
  };
}
