/**
 * What a page's link preview shows: the api function's answer to
 * GET /api/share-card, which the static host writes into index.html
 * (web/host/). No imports: the host's middleware reads it too.
 */
export interface ShareCard {
  /** The page's own title (og:title); the tab title adds the site's name. */
  title: string;
  description: string;
  /** Canonical, absolute. */
  url: string;
  /** Absolute, or null for none (an NSFW post's card never has one). */
  image: string | null;
  type: "website" | "article";
}
