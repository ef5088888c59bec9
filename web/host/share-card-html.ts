/**
 * Writes a page's share card into index.html: the tab title, the meta
 * description, the canonical link and the OpenGraph and Twitter tags that
 * link previews read without running JavaScript. Pure (no imports, no I/O):
 * the Vite plugin and every host adapter use it. Inline scripts are left
 * byte for byte as they are, so the CSP hashes of the build stay valid.
 */
import type { ShareCard } from "../../supabase/functions/_shared/share-card.ts";

export type { ShareCard };

/** Whether an answer of the api's /share-card is a card this module can write. */
export function isShareCard(value: unknown): value is ShareCard {
  if (typeof value !== "object" || value === null) return false;
  const card = value as Record<string, unknown>;
  return typeof card.title === "string" && typeof card.description === "string" && typeof card.url === "string" &&
    (card.image === null || typeof card.image === "string") && (card.type === "website" || card.type === "article");
}

const attribute = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

/** The tags the card replaces: whatever index.html had for them goes. */
const replacedMeta = new Set([
  "description", "og:title", "og:description", "og:image", "og:url", "og:type",
  "twitter:card", "twitter:title", "twitter:description", "twitter:image",
]);

function metaKey(tag: string): string | undefined {
  return tag.match(/\s(?:name|property)\s*=\s*["']([^"']+)["']/i)?.[1]?.toLowerCase();
}

/** The value of a meta tag in the page, e.g. og:site_name. */
function metaContent(html: string, key: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (metaKey(tag) === key) return tag.match(/\scontent\s*=\s*"([^"]*)"/i)?.[1];
  }
  return undefined;
}

function cardTags(card: ShareCard, siteName: string | undefined): string {
  const title = siteName && card.title !== siteName ? `${card.title} · ${siteName}` : card.title;
  const tags = [
    `<title>${attribute(title)}</title>`,
    `<meta name="description" content="${attribute(card.description)}" />`,
    `<link rel="canonical" href="${attribute(card.url)}" />`,
    `<meta property="og:type" content="${card.type}" />`,
    `<meta property="og:title" content="${attribute(card.title)}" />`,
    `<meta property="og:description" content="${attribute(card.description)}" />`,
    `<meta property="og:url" content="${attribute(card.url)}" />`,
    card.image ? `<meta property="og:image" content="${attribute(card.image)}" />` : "",
    `<meta name="twitter:card" content="${card.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${attribute(card.title)}" />`,
    `<meta name="twitter:description" content="${attribute(card.description)}" />`,
    card.image ? `<meta name="twitter:image" content="${attribute(card.image)}" />` : "",
  ];
  return tags.filter(Boolean).join("\n    ");
}

/**
 * index.html with `card` in place of its generic tags. The card goes where
 * the `<title>` was (else just before `</head>`); the site's name for the tab
 * title is the page's og:site_name.
 */
export function spliceShareCard(html: string, card: ShareCard): string {
  const siteName = metaContent(html, "og:site_name");
  const marker = "\u0000share-card\u0000";
  // Only outside <script> elements: a script's text is never touched.
  const parts = html.split(/(<script\b[\s\S]*?<\/script>)/i);
  const edited = parts.map((part, index) => {
    if (index % 2 === 1) return part;
    return part
      .replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, marker)
      .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/gi, "")
      .replace(/<link\b[^>]*\srel\s*=\s*["']canonical["'][^>]*>\s*/gi, "")
      .replace(/<meta\b[^>]*>\s*/gi, (tag) => (replacedMeta.has(metaKey(tag) ?? "") ? "" : tag));
  }).join("");
  const tags = cardTags(card, siteName);
  // Replacer functions: a replacement string would read the card's `$&`, `$'` and `` $` `` as patterns.
  if (edited.includes(marker)) return edited.replace(marker, () => tags).replaceAll(marker, "");
  return edited.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
