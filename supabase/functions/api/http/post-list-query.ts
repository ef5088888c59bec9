import { z } from "zod";
import { type PostListOptions, prefixQuery } from "../queries/post-list.ts";

/** The visitor's time zone, which decides what a day (and "today") is. */
export const timeZone = z.string().min(1).max(64).default("UTC");

/**
 * What narrows and orders All posts (search, tags, date, sort, time zone):
 * one set of rules for the list and for its downloads (routes/export.ts).
 */
export const postListFilters = {
  search: z.string().trim().max(200).optional(),
  tags: z.string().max(500).optional(),
  date: z.iso.date("date must be a day as YYYY-MM-DD.").optional().or(z.literal("").transform(() => undefined)),
  sort: z.enum(["newest", "oldest", "most_upvotes"], { error: "sort must be newest, oldest or most_upvotes." })
    .default("newest"),
  tz: timeZone,
};

const filters = z.object(postListFilters);

/** The list reader's options for the filters (a search of punctuation only searches for nothing). */
export function listFilterOptions(query: z.output<typeof filters>): Omit<PostListOptions, "limit" | "cursor"> {
  return {
    search: query.search && prefixQuery(query.search) ? query.search : undefined,
    tags: query.tags,
    date: query.date,
    timeZone: query.tz,
    sort: query.sort,
  };
}
