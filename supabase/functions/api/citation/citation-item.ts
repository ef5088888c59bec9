import { displayTitle } from "../../_shared/display-title.ts";

/** What a citation says of a published post (queries/cited-post.ts reads it). */
export interface CitedPost {
  id: number;
  title: string;
  /** Null for a deleted account's post: a citation then starts with the title, as for an anonymous work. */
  authorName: string | null;
  /** The post's current revision, which the citation's link names; null for a post published before revisions were kept. */
  revisionId: number | null;
  /** When the current revision was published (ISO 8601). */
  revisedAt: string;
}

export interface CitationSite {
  /** The site's public origin, e.g. https://archive.example. */
  url: string;
  name: string;
}

/** A CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html), as much of it as a post fills. */
export interface CslItem {
  id: string;
  type: "webpage";
  title: string;
  author?: CslName[];
  "container-title": string;
  URL: string;
  issued: { "date-parts": [[number, number, number]] };
  accessed: { "date-parts": [[number, number, number]] };
}

/** A CSL name: a family and a given name, or one literal name kept whole. */
export type CslName = { family: string; given: string } | { literal: string };

/**
 * A display name as a CSL name. Display names are free text ("dj_koto", "Vincent van Gogh",
 * "Sato Hana" written family first), so only the unambiguous shape - two capitalised words,
 * "Given Family" - is split, which lets APA write "Sato, H."; anything else is one literal
 * name, because a wrong split ("Gogh, V. van") misnames a person where a whole name does not.
 */
export function cslName(displayName: string): CslName {
  const parts = displayName.trim().split(/\s+/u);
  const word = /^\p{Lu}[\p{Ll}\p{M}]*(?:[-'’]\p{Lu}?[\p{Ll}\p{M}]+)*$/u;
  if (parts.length === 2 && parts.every((part) => word.test(part))) return { family: parts[1], given: parts[0] };
  return { literal: displayName };
}

/** The address of one revision: the post's history opened at it (web/src/features/history, `?revision=`). */
export function revisionPermalink(site: CitationSite, post: Pick<CitedPost, "id" | "revisionId">): string {
  const postUrl = `${site.url}/posts/${post.id}`;
  return post.revisionId === null ? postUrl : `${postUrl}/history?revision=${post.revisionId}`;
}

/**
 * The CSL date parts of the day a moment falls on in `timeZone` (an IANA zone):
 * the reader's zone, in which the post page and its history show their dates,
 * so that the cited day is the day the reader sees there.
 */
export function dayParts(isoDateOrTime: string, timeZone = "UTC"): [[number, number, number]] {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(new Date(isoDateOrTime));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [[part("year"), part("month"), part("day")]];
}

/**
 * The CSL-JSON item that cites a post as it reads now: dated by its current
 * revision and linking to it (as Wikipedia's "Cite this page" cites a page's
 * current revision), with the site as its container.
 * `accessed` is a day, YYYY-MM-DD; the issued day is the revision's day in `timeZone`.
 */
export function citationItem(post: CitedPost, site: CitationSite, accessed: string, timeZone = "UTC"): CslItem {
  return {
    id: `post-${post.id}`,
    type: "webpage",
    title: displayTitle(post.title),
    ...(post.authorName === null ? {} : { author: [cslName(post.authorName)] }),
    // The site as the container only: the styles print a publisher that repeats it a second time.
    "container-title": site.name,
    URL: revisionPermalink(site, post),
    issued: { "date-parts": dayParts(post.revisedAt, timeZone) },
    accessed: { "date-parts": dayParts(`${accessed}T00:00:00Z`) },
  };
}
