import { extractCitedUrls } from "./extract-urls.ts";
import { queue, type SourceJob } from "./queue.ts";

/** A post's text changed: its cited URLs replace the ones it had (a deleted post has none to replace). */
export async function runExtractJob(job: SourceJob): Promise<string> {
  const text = await queue.postText(job.post_id!);
  if (!text) return "the post is gone";
  const cited = extractCitedUrls(text);
  const added = await queue.replacePostSources(job.post_id!, cited);
  return `${cited.length} cited, ${added} new`;
}

/**
 * A new post's sources at once, so the review queue lists them from the
 * start (its queued extract job would add them only at the next drain). A
 * failure is only logged: that job still runs.
 */
export async function extractNewPostSources(postId: number): Promise<void> {
  try {
    const text = await queue.postText(postId);
    if (text) await queue.replacePostSources(postId, extractCitedUrls(text));
  } catch (error) {
    console.warn(`extracting post ${postId}'s sources at submission failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
