import { diffWords } from "diff";

export type DiffPart = { text: string; kind: "same" | "added" | "removed" };

/** A word-level diff of two texts (whitespace kept), via the `diff` library. */
export function wordDiff(original: string, suggested: string): DiffPart[] {
  return diffWords(original, suggested).map((change) => ({
    text: change.value,
    kind: change.added ? "added" : change.removed ? "removed" : "same",
  }));
}

/** The parts one side of a side-by-side view shows: the original drops additions, the suggestion drops removals. */
export function sideParts(parts: readonly DiffPart[], side: "original" | "suggested"): DiffPart[] {
  return parts.filter((part) => part.kind === "same" || (side === "original" ? part.kind === "removed" : part.kind === "added"));
}
