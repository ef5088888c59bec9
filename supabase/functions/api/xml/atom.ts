import { xmlText } from "./escape.ts";

/** One post as a feed entry; times are RFC 3339 (toISOString). */
export interface AtomEntry {
  /** The post's page: its permanent address, so also its Atom id. */
  url: string;
  title: string;
  /** Null leaves the summary out (an NSFW post's excerpt is not shown outside its page). */
  summary: string | null;
  author: string;
  categories: string[];
  published: string;
  updated: string;
}

export interface AtomFeed {
  /** The feed's own address: its Atom id and its rel="self" link. */
  selfUrl: string;
  /** The page the feed is about. */
  pageUrl: string;
  title: string;
  subtitle: string;
  entries: AtomEntry[];
}

const line = (indent: string, element: string) => `${indent}${element}\n`;

function renderEntry(entry: AtomEntry): string {
  return [
    "  <entry>\n",
    line("    ", `<id>${xmlText(entry.url)}</id>`),
    line("    ", `<title type="text">${xmlText(entry.title)}</title>`),
    line("    ", `<link rel="alternate" type="text/html" href="${xmlText(entry.url)}"/>`),
    line("    ", `<published>${entry.published}</published>`),
    line("    ", `<updated>${entry.updated}</updated>`),
    line("    ", `<author><name>${xmlText(entry.author)}</name></author>`),
    ...entry.categories.map((term) => line("    ", `<category term="${xmlText(term)}"/>`)),
    entry.summary === null ? "" : line("    ", `<summary type="text">${xmlText(entry.summary)}</summary>`),
    "  </entry>\n",
  ].join("");
}

/**
 * An Atom 1.0 document (RFC 4287). Written by hand rather than with a feed
 * library: it is a dozen elements, and the escaping that matters (characters
 * XML forbids, which libraries pass through) is in one tested function.
 * The feed's `updated` is its newest entry's, so an unchanged feed is
 * byte-for-byte the same and caches validate; an empty feed has the epoch.
 */
export function renderAtom(feed: AtomFeed): string {
  const updated = feed.entries.map((entry) => entry.updated).sort().at(-1) ?? new Date(0).toISOString();
  return [
    `<?xml version="1.0" encoding="utf-8"?>\n`,
    `<feed xmlns="http://www.w3.org/2005/Atom">\n`,
    line("  ", `<id>${xmlText(feed.selfUrl)}</id>`),
    line("  ", `<title type="text">${xmlText(feed.title)}</title>`),
    line("  ", `<subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`),
    line("  ", `<link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`),
    line("  ", `<link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`),
    line("  ", `<updated>${updated}</updated>`),
    ...feed.entries.map(renderEntry),
    `</feed>\n`,
  ].join("");
}
