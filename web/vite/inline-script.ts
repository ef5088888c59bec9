/**
 * index.html with an inline script placed before its first stylesheet: a
 * classic script after a stylesheet waits until that stylesheet has
 * downloaded, and the scripts placed here start requests (the page's data, its
 * chunks) that need not wait for it. Without a stylesheet (development), at the
 * end of <head>.
 */
export function withScriptBeforeStylesheets(html: string, script: string, attributes = ""): string {
  const tag = `<script${attributes && ` ${attributes}`}>${script}</script>\n    `;
  const stylesheet = html.search(/<link\b[^>]*\brel="stylesheet"/);
  // A function, not a string: a minified script may hold `$\`` or `$'`, which a replacement string expands.
  return stylesheet < 0 ? html.replace("</head>", () => `${tag}</head>`) : html.slice(0, stylesheet) + tag + html.slice(stylesheet);
}
