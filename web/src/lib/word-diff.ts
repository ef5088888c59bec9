import { diffWords } from "diff";

export type DiffPart = { text: string; kind: "same" | "added" | "removed" };

/** A word-level diff of two texts (whitespace kept), via the `diff` library. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((change) => ({
    text: change.value,
    kind: change.added ? "added" : change.removed ? "removed" : "same",
  }));
}

/** The parts one side of a side-by-side view shows: the earlier version drops additions, the later one drops removals. */
export function sideParts(parts: readonly DiffPart[], side: "before" | "after"): DiffPart[] {
  return parts.filter((part) => part.kind === "same" || (side === "before" ? part.kind === "removed" : part.kind === "added"));
}
