import type { PostSource } from "../../_shared/api/posts.ts";
import type { ReadTx } from "../db/lanes.ts";

/**
 * The sources a post cites, each once, references first and then content in
 * the post's order; undefined when the caller may not read the post (row-level
 * security shows citations of readable posts only).
 */
export async function listPostSources(tx: ReadTx, postId: number): Promise<{ sources: PostSource[] } | undefined> {
  const [row] = await tx<{ sources: PostSource[] }[]>`
    select private.post_sources_json(p.id) as sources from public.posts p where p.id = ${postId}`;
  return row && { sources: row.sources };
}
