import type { PostSource } from "@shared/api/posts.ts";

/** What a source's state is called where people read it. */
export const sourceStateLabels: Record<PostSource["state"], string> = {
  unchecked: "not yet checked",
  alive: "alive",
  moved: "moved",
  dead: "dead",
  uncheckable: "not checkable",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** How a post's sources stand, in one line for a reviewer: "3 sources: 2 archived, 1 dead". */
export function sourceSummary(sources: readonly PostSource[]): string {
  if (sources.length === 0) return "No sources";
  const archived = sources.filter((source) => source.archived_url).length;
  const counts = (["dead", "moved", "uncheckable", "unchecked"] as const)
    .map((state) => [state, sources.filter((source) => source.state === state).length] as const)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${count} ${sourceStateLabels[state]}`);
  const parts = [...(archived ? [`${archived} archived`] : []), ...counts];
  return `${plural(sources.length, "source", "sources")}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}
