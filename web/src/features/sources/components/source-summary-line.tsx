import type { Viewer } from "@/lib/query-keys";
import { usePostSources } from "../api/get-post-sources";
import { sourceSummary } from "../utils/source-summary";

/** How a post's sources stand, in one line ("3 sources: 2 archived, 1 dead"), for a reviewer; nothing until known. */
export function SourceSummaryLine({ postId, viewer }: { postId: string; viewer: Viewer }) {
  const { data: sources } = usePostSources(postId, viewer);
  return sources ? <span data-testid="source-summary">{sourceSummary(sources)}</span> : null;
}
