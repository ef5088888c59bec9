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
