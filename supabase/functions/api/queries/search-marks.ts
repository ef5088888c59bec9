/**
 * ts_headline's output as the answer carries it: private.search_match puts
 * each matched word between U+E000 and U+E001 (characters a post's text
 * never keeps), and here the text is HTML-escaped and those two become the
 * only markup, <mark> and </mark>.
 */
const START = "\uE000";
const STOP = "\uE001";

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function markedHtml(headline: string): string {
  let open = false;
  let html = "";
  for (const char of headline) {
    if (char === START && !open) {
      html += "<mark>";
      open = true;
    } else if (char === STOP && open) {
      html += "</mark>";
      open = false;
    } else if (char !== START && char !== STOP) {
      html += entities[char] ?? char;
    }
  }
  return open ? `${html}</mark>` : html;
}

/** The matched words, each once (case aside), in the order they first appear. */
export function markedWords(headline: string): string[] {
  const seen = new Map<string, string>();
  for (const match of headline.matchAll(/\uE000([^\uE000\uE001]*)\uE001/g)) {
    const word = match[1].trim();
    if (word && !seen.has(word.toLowerCase())) seen.set(word.toLowerCase(), word);
  }
  return [...seen.values()];
}
