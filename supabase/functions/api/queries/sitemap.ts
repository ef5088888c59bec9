import type { Tx } from "../../_shared/db.ts";

/** How many posts are published (what a visitor can read). */
export async function publishedPostCount(tx: Tx): Promise<number> {
  const [row] = await tx<{ count: number }[]>`select count(*)::int as count from public.posts p where p.status = 'approved'`;
  return row?.count ?? 0;
}

export interface SitemapPost {
  id: string;
  updated_at: Date;
}

/**
 * A run of published posts by id, read in batches from a cursor as the
 * sitemap is sent: at most 50,000 rows a page, never all in memory.
 */
export function publishedPostsById(tx: Tx, range: { offset: number; limit: number }, batchSize = 1000) {
  return tx<SitemapPost[]>`
    select p.id, p.updated_at
    from public.posts p
    where p.status = 'approved'
    order by p.id
    offset ${range.offset}
    limit ${range.limit}`.cursor(batchSize);
}
