import type { PostSource } from "@shared/api/posts.ts";
import { formatDate } from "@/lib/date-format";

/** What a source's state is called where people read it. */
export const sourceStateLabels: Record<PostSource["state"], string> = {
  unchecked: "not yet checked",
  alive: "alive",
  moved: "moved",
  dead: "dead",
  uncheckable: "not checkable",
};

/** A day as readers see it: "Dec 7, 2026". */
export const formatSourceDate = (iso: string) => formatDate(new Date(iso), "en-US", { year: "numeric", month: "short", day: "numeric" });

/** Whether the last check failed and the next may still find it: one failure is no death (two in a row are). */
export const couldNotReach = (source: PostSource) => source.state !== "dead" && source.consecutive_failures > 0;

/** How one source stands, in words: its state, or that its last check could not reach it and when it is tried again. */
export function sourceStatusLabel(source: PostSource): string {
  if (!couldNotReach(source)) return sourceStateLabels[source.state];
  return `checked: could not reach${source.next_check_at ? ` (will retry on ${formatSourceDate(source.next_check_at)})` : ""}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How a post's sources stand, in one line for a reviewer: "3 sources: 2 archived, 1 dead". */
export function sourceSummary(sources: readonly PostSource[]): string {
  if (sources.length === 0) return "No sources";
  const archived = sources.filter((source) => source.archived_url).length;
  const unreachable = sources.filter(couldNotReach);
  const counts = (["dead", "moved", "uncheckable", "unchecked"] as const)
    .map((state) => [sources.filter((source) => source.state === state && !couldNotReach(source)).length, sourceStateLabels[state]] as const);
  const parts = [[archived, "archived"] as const, ...counts, [unreachable.length, "could not be reached"] as const].filter(([count]) => count > 0);
  // One part that holds them all needs no number of its own: "2 sources: not yet checked".
  const words = parts.length === 1 && parts[0][0] === sources.length ? [parts[0][1]] : parts.map(([count, label]) => `${count} ${label}`);
  return `${plural(sources.length, "source", "sources")}${words.length ? `: ${words.join(", ")}` : ""}`;
}
