import type { PostSource } from "../../_shared/post-source.ts";
import type { ReadTx } from "../db/lanes.ts";

/**
 * The sources a post cites, each once, references first and then content in
 * the post's order; undefined when the caller may not read the post (row-level
 * security shows citations of readable posts only).
 */
export async function listPostSources(tx: ReadTx, postId: number): Promise<{ sources: PostSource[] } | undefined> {
  const [row] = await tx<{ sources: PostSource[] }[]>`
    select (
      select coalesce(json_agg(json_build_object(
               'url', s.url, 'host', s.host, 'state', s.state, 'movedTo', s.moved_to, 'checked_at', s.checked_at,
               'archived_url', s.archived_url, 'archived_at', s.archived_at, 'place', c.place)
             order by c.place, c.position), '[]'::json)
      from (select distinct on (sc.source_id) sc.source_id, sc.place, sc.position
              from public.source_citations sc where sc.post_id = p.id
             order by sc.source_id, sc.place, sc.position) c
      join public.sources s on s.id = c.source_id) as sources
    from public.posts p where p.id = ${postId}`;
  return row && { sources: row.sources };
}
