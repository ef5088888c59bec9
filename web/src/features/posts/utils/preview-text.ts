/**
 * Post content (markdown) as plain text for a preview, with its blocks kept
 * apart: headings, paragraphs, list items, quotes and table rows are joined
 * by " · ", never run into one another ("Key facts · Announced on …").
 * Markup is dropped: links and images keep their text, emphasis and code
 * marks go, raw HTML tags go (the post page does not render them either).
 * Line by line, not a full parser: the timeline gets the first 200
 * characters of each post and shows 150 of them.
 */
export const BLOCK_SEPARATOR = " · ";

const fencePattern = /^(`{3,}|~{3,})/;
const headingPattern = /^#{1,6}(?:\s+(.*?))?(?:\s+#+)?$/;
const listItemPattern = /^(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const quotePattern = /^>\s?(.*)$/;
const thematicBreakPattern = /^([-*_])(?:\s*\1){2,}$/;
const setextUnderlinePattern = /^(?:=+|-+)$/;
const tableDelimiterPattern = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?$/;
const referenceDefinitionPattern = /^\[[^\]]+\]:\s*\S/;

/** The text of one line's inline markdown. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
    .replace(/<\/?[A-Za-z][^>]*>/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, "$1")
    .replace(/\*+|~~|`+/g, "")
    // An underscore marks emphasis only at a word's edge; snake_case stays.
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** A table row's cells, as "a, b, c". */
function tableRowText(line: string): string {
  return line
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => inlineText(cell))
    .filter(Boolean)
    .join(", ");
}

export function previewText(markdown: string | null | undefined): string {
  return previewBlocks(markdown)
    .map((block) => block.text)
    .join(BLOCK_SEPARATOR);
}

/** What a block of the content is: only a paragraph is prose; the rest is structure (a heading, a list, a table, a quote, code). */
export type PreviewBlock = { kind: "paragraph" | "heading" | "item" | "table" | "quote" | "code"; text: string };

/** The text of the content's first paragraph, skipping headings, lists, tables, quotes and code; "" when it has none. */
export function firstParagraph(markdown: string | null | undefined): string {
  return previewBlocks(markdown).find((block) => block.kind === "paragraph")?.text ?? "";
}

/** The content's blocks as plain text, in order, each with its kind. */
export function previewBlocks(markdown: string | null | undefined): PreviewBlock[] {
  const blocks: PreviewBlock[] = [];
  let block: string[] = [];
  let kind: PreviewBlock["kind"] = "paragraph";
  let fence: string | null = null;
  let inQuote = false;
  const endBlock = () => {
    const text = inlineText(block.join(" "));
    if (text) blocks.push({ kind: fence ? "code" : kind, text });
    block = [];
    kind = "paragraph";
  };
  const ownBlock = (ownKind: PreviewBlock["kind"], text: string) => {
    endBlock();
    if (text) blocks.push({ kind: ownKind, text });
  };

  for (const rawLine of (markdown ?? "").split(/\r?\n/)) {
    const line = rawLine.trim();
    const fenceMark = fencePattern.exec(line)?.[1];
    if (fenceMark && (!fence || fenceMark.startsWith(fence))) {
      endBlock();
      fence = fence ? null : fenceMark;
      continue;
    }
    if (fence) {
      // Code keeps its words, one block per fenced run.
      block.push(line);
      continue;
    }
    const quote = quotePattern.exec(line);
    // A quote is a block of its own, from its first line.
    if (quote && !inQuote) endBlock();
    inQuote = Boolean(quote) || (inQuote && line !== "");
    const text = quote ? quote[1].trim() : line;
    if (quote) kind = "quote";
    if (!text || thematicBreakPattern.test(text) || referenceDefinitionPattern.test(text)) {
      endBlock();
      continue;
    }
    if (setextUnderlinePattern.test(text) && block.length) {
      kind = "heading";
      endBlock();
      continue;
    }
    if (text.startsWith("|")) {
      if (!tableDelimiterPattern.test(text)) ownBlock("table", tableRowText(text));
      continue;
    }
    const heading = headingPattern.exec(text);
    if (heading) {
      ownBlock("heading", inlineText(heading[1] ?? ""));
      continue;
    }
    const item = listItemPattern.exec(text);
    if (item) {
      endBlock();
      kind = "item";
      block.push(item[1]);
      continue;
    }
    block.push(text);
  }
  endBlock();
  return blocks;
}
