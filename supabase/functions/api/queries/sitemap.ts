import type { ReadTx } from "../db/lanes.ts";

/** How many posts are published (what a visitor can read). */
export async function publishedPostCount(tx: ReadTx): Promise<number> {
  const [row] = await tx<{ count: number }[]>`select count(*)::int as count from public.posts p where p.status = 'approved'`;
  return row?.count ?? 0;
}

export interface SitemapPost {
  id: string;
  updated_at: Date;
}

/**
 * A run of published posts by id, `range.limit` of them from `range.offset`,
 * read a batch at a time as the sitemap is sent: each batch is a short read
 * of its own, taken up after the last id sent, so a client that reads slowly
 * holds no connection (a cursor would hold one for as long as the client
 * takes), and a page of 50,000 rows is never all in memory.
 */
export async function* publishedPostsById(
  read: <T>(work: (tx: ReadTx) => Promise<T>) => Promise<T>,
  range: { offset: number; limit: number },
  batchSize = 1000,
): AsyncGenerator<SitemapPost[]> {
  let lastId: string | undefined;
  for (let left = range.limit; left > 0;) {
    const after = lastId;
    const size = Math.min(batchSize, left);
    const rows = await read((tx) =>
      after === undefined
        ? tx<SitemapPost[]>`
            select p.id, p.updated_at from public.posts p
            where p.status = 'approved'
            order by p.id offset ${range.offset} limit ${size}`
        : tx<SitemapPost[]>`
            select p.id, p.updated_at from public.posts p
            where p.status = 'approved' and p.id > ${after}::bigint
            order by p.id limit ${size}`
    );
    if (rows.length) yield rows;
    if (rows.length < size) return;
    left -= rows.length;
    lastId = rows[rows.length - 1].id;
  }
}
