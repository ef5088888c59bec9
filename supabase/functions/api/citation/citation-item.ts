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
  author?: { literal: string }[];
  "container-title": string;
  URL: string;
  issued: { "date-parts": [[number, number, number]] };
  accessed: { "date-parts": [[number, number, number]] };
}

/** The address of one revision: the post's history opened at it (web/src/features/history, `?revision=`). */
export function revisionPermalink(site: CitationSite, post: Pick<CitedPost, "id" | "revisionId">): string {
  const postUrl = `${site.url}/posts/${post.id}`;
  return post.revisionId === null ? postUrl : `${postUrl}/history?revision=${post.revisionId}`;
}

/** A UTC day's CSL date parts. */
function dayParts(isoDateOrTime: string): [[number, number, number]] {
  const day = new Date(isoDateOrTime);
  return [[day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()]];
}

/**
 * The CSL-JSON item that cites a post as it reads now: dated by its current
 * revision and linking to it (as Wikipedia's "Cite this page" cites a page's
 * current revision), with the site as its container.
 * `accessed` is a day, YYYY-MM-DD.
 */
export function citationItem(post: CitedPost, site: CitationSite, accessed: string): CslItem {
  return {
    id: `post-${post.id}`,
    type: "webpage",
    title: displayTitle(post.title),
    // A display name is one name, not a family and a given one: a literal keeps it whole in every style.
    ...(post.authorName === null ? {} : { author: [{ literal: post.authorName }] }),
    // The site as the container only: the styles print a publisher that repeats it a second time.
    "container-title": site.name,
    URL: revisionPermalink(site, post),
    issued: { "date-parts": dayParts(post.revisedAt) },
    accessed: { "date-parts": dayParts(`${accessed}T00:00:00Z`) },
  };
}
