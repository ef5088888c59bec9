import type { CitedPost } from "../citation/citation-item.ts";
import type { ReadTx } from "../db/lanes.ts";

/**
 * What a citation says of a post, or undefined unless the post is published
 * (a citation cites what every visitor can read): its author, title and
 * current revision (the newest; a post published before revisions were kept
 * has none and is dated by its submission).
 */
export async function getCitedPost(tx: ReadTx, postId: number): Promise<CitedPost | undefined> {
  const [row] = await tx<{ title: string; author_name: string; author_id: string | null; revision_id: string | null; revised_at: Date }[]>`
    select c.card->>'title' as title, c.card->>'author_name' as author_name, c.card->>'author_id' as author_id,
           r.id as revision_id, coalesce(r.created_at, p.created_at) as revised_at
    from public.posts p
    cross join lateral private.post_card(p) c
    left join lateral (
      select pr.id, pr.created_at from public.post_revisions pr
      where pr.post_id = p.id order by pr.created_at desc, pr.id desc limit 1) r on true
    where p.id = ${postId} and p.status = 'approved'`;
  if (!row) return undefined;
  return {
    id: postId,
    title: row.title,
    // A deleted account's post is "Deleted user"'s on the site; a citation names no such author.
    authorName: row.author_id === null ? null : row.author_name,
    revisionId: row.revision_id === null ? null : Number(row.revision_id),
    revisedAt: row.revised_at.toISOString(),
  };
}
