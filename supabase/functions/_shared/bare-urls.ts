/**
 * Where a URL written in plain text ends, for the function (which extracts a
 * post's sources) and the SPA (which links its references): one rule, so a
 * reference links exactly the address the archive checks and preserves.
 */

/** A bare URL: it ends before whitespace, angle brackets, quotes or a markdown bracket. */
export const bareUrlPattern = /https?:\/\/(?:\[[0-9a-f:.]+\])?[^\s<>"'`\[\]]+/gi;

// Punctuation that ends a sentence rather than the URL.
const trailingPunctuation = /[.,;:!?*_~]+$/;

/** A bare URL's end, trimmed of sentence punctuation and of a closing parenthesis it does not open. */
export function trimBareUrl(candidate: string): string {
  let url = candidate.replace(trailingPunctuation, "");
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(trailingPunctuation, "");
  }
  return url;
}

/** Plain text split into its words and its URLs, in order: `{ url }` for an address, `{ text }` for the rest. */
export function splitBareUrls(text: string): ({ text: string } | { url: string })[] {
  const parts: ({ text: string } | { url: string })[] = [];
  let from = 0;
  for (const match of text.matchAll(bareUrlPattern)) {
    const url = trimBareUrl(match[0]);
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ url });
    from = match.index + url.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
