import { bareUrlPattern, trimBareUrl } from "../../_shared/bare-urls.ts";
import { normaliseUrl } from "../../_shared/normalise-url.ts";

export { normaliseUrl };

/** Where in a post a URL was cited. */
export type SourcePlace = "references" | "content";

/** One citation of a URL: its normalised form, its host, and where it stands. */
export interface CitedUrl {
  url: string;
  host: string;
  place: SourcePlace;
  /** Its order within its place, from 0 (a URL cited twice in one place counts once). */
  position: number;
}

// A markdown link's target: ](url) or ](url "title").
const markdownLink = /\]\(\s*<?(https?:\/\/[^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/gi;

/** The URLs of one text, in order of appearance: markdown links' targets and bare URLs. */
function urlsIn(text: string): string[] {
  const found: { at: number; url: string }[] = [];
  const covered: [number, number][] = [];
  for (const match of text.matchAll(markdownLink)) {
    const start = match.index + match[0].indexOf(match[1]);
    found.push({ at: start, url: match[1] });
    covered.push([start, start + match[1].length]);
  }
  for (const match of text.matchAll(bareUrlPattern)) {
    if (covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
    found.push({ at: match.index, url: trimBareUrl(match[0]) });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.url);
}

/**
 * Every URL a post cites, normalised, once per place: its references first,
 * then its content (markdown links and bare URLs). What is no web address is left out.
 */
export function extractCitedUrls(post: { citations: string | null; content: string }): CitedUrl[] {
  const cited: CitedUrl[] = [];
  const places: [SourcePlace, string][] = [["references", post.citations ?? ""], ["content", post.content]];
  for (const [place, text] of places) {
    const seen = new Set<string>();
    for (const raw of urlsIn(text)) {
      const normalised = normaliseUrl(raw);
      if (!normalised || seen.has(normalised.url)) continue;
      seen.add(normalised.url);
      cited.push({ ...normalised, place, position: seen.size - 1 });
    }
  }
  return cited;
}
