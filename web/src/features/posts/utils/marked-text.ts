import { displayTitle } from "./display";

/** A run of a search match's text, highlighted or not. */
export type MarkedPart = { text: string; marked: boolean };

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** Undoes the API's HTML escaping (the five entities it writes); anything else that looks like markup stays literal text. */
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]);

/**
 * A search match's title or snippet (escaped text whose only markup is
 * <mark>…</mark>) as runs of plain and highlighted text, so React renders it
 * as text and never as HTML. A stray or unclosed tag is taken as a boundary.
 */
export function markedText(value: string): MarkedPart[] {
  const parts: MarkedPart[] = [];
  let marked = false;
  for (const piece of value.split(/(<\/?mark>)/)) {
    if (piece === "<mark>" || piece === "</mark>") {
      marked = piece === "<mark>";
      continue;
    }
    if (!piece) continue;
    const text = decode(piece);
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  }
  return parts;
}

/** A marked title shown as titles are (SPEC §9: leading zeros stripped), the highlights kept in place. */
export function markedTitle(value: string): MarkedPart[] {
  const parts = markedText(value);
  const plain = parts.map((part) => part.text).join("");
  // displayTitle only ever drops leading characters: drop as many from the first runs.
  let drop = plain.length - displayTitle(plain).length;
  const shown: MarkedPart[] = [];
  for (const part of parts) {
    const text = part.text.slice(drop);
    drop = Math.max(0, drop - part.text.length);
    if (text) shown.push({ ...part, text });
  }
  return shown;
}
