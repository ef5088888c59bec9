import type { PostSource } from "../api/get-post-sources";
import { sourceSummary } from "../utils/source-summary";

/** How a post's sources stand, in one line ("3 sources: 2 archived, 1 dead"), for a reviewer. */
export function SourceSummaryLine({ sources }: { sources: readonly PostSource[] }) {
  return <span data-testid="source-summary">{sourceSummary(sources)}</span>;
}
