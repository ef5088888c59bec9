/**
 * The site's fixed pages that anyone may open and that are worth finding from
 * outside: the sitemap lists them, and each gets a share card. Paths are the
 * SPA's (web/src/config/paths.ts; a unit test keeps the two together); the
 * titles and descriptions are those the SPA shows (PageHeader, usePageMeta).
 * No imports: the static host's share-card middleware reads it too.
 */
export interface PublicPage {
  path: string;
  /** The page's own title; null for the home page, which is titled with the site's name. */
  title: string | null;
  /** Null: the site's description. */
  description: string | null;
}

export const siteDescription = "An independent, fan-operated community archive.";

export const publicPages: readonly PublicPage[] = [
  { path: "/", title: null, description: null },
  { path: "/timeline", title: "Timeline", description: "The archive in order of events, newest first." },
  { path: "/posts/all", title: "All posts", description: null },
  { path: "/tags", title: "Tags", description: "Every tag in the archive, with how many posts have it." },
  { path: "/contact", title: "Contact", description: null },
  { path: "/terms-of-service", title: "Terms of Service", description: null },
  { path: "/privacy-policy", title: "Privacy Policy", description: null },
  { path: "/data", title: "Data", description: "Everything published here, free to download, cite and study." },
];

/** A post's page: digits only, as the SPA's route (a trailing slash allowed). */
export const postPagePattern = /^\/posts\/([1-9][0-9]{0,15})\/?$/;

/** The fixed page at `path` (a trailing slash allowed), if any. */
export function publicPageAt(path: string): PublicPage | undefined {
  const normalised = path.length > 1 ? path.replace(/\/$/, "") : path;
  return publicPages.find((page) => page.path === normalised);
}
