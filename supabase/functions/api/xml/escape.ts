/**
 * Text for XML 1.0 content and attribute values. Besides the five escapes,
 * characters XML 1.0 forbids outright (C0 controls other than tab, newline and
 * carriage return; U+FFFE, U+FFFF; unpaired surrogates) are dropped: a post
 * title may hold them, and one would make the whole feed unparseable
 * (XML 1.0 §2.2 "Char"). Feed readers are strict XML parsers.
 */
// Matching control characters is the point here.
// deno-lint-ignore no-control-regex
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlText(value: string): string {
  return value.replace(forbidden, "").replace(/[&<>"']/g, (character) => escapes[character]);
}
