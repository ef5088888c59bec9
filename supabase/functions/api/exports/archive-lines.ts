import type { ReadTx } from "../db/lanes.ts";

/** How many posts one short read of the archive takes. */
const batchSize = 200;

/**
 * One batch of the published archive: the posts after id $1, at most $2 of
 * them, in id order, each as its line. tests/plans/query-plans.test.ts
 * checks the plan of this same text.
 */
export const archiveBatchSql = `
  select p.id, (c.card || jsonb_build_object(
    'content', p.content,
    'sources', (
      select coalesce(jsonb_agg(jsonb_build_object(
               'url', s.url, 'state', s.state, 'moved_to', s.moved_to, 'checked_at', s.checked_at,
               'archived_url', s.archived_url, 'archived_at', s.archived_at)
             order by c2.place, c2.position), '[]'::jsonb)
      from (select distinct on (sc.source_id) sc.source_id, sc.place, sc.position
              from public.source_citations sc where sc.post_id = p.id
             order by sc.source_id, sc.place, sc.position) c2
      join public.sources s on s.id = c2.source_id),
    'revisions', (
      select coalesce(jsonb_agg(j.revision || jsonb_build_object('fields', r.fields) order by r.created_at, r.id), '[]'::jsonb)
      from public.post_revisions r cross join lateral private.revision_json(r) j
      where r.post_id = p.id)
  ))::text as line
  from public.posts p cross join lateral private.post_card(p) c
  where p.status = 'approved' and p.id > $1
  order by p.id
  limit $2`;

/**
 * The published archive as JSON Lines, a batch of posts at a time by id, each
 * batch a short read of its own taken up after the last id sent. Each line is
 * a post (its card, content and references) with its sources and its
 * revisions as the history page shows them: row-level security decides what
 * is read, and a revision whose content an admin hid has null fields there
 * (public.post_revisions keeps them only in hidden_revision_content, which
 * visitors cannot read).
 */
export async function* archiveLines(read: <T>(work: (tx: ReadTx) => Promise<T>) => Promise<T>): AsyncGenerator<string> {
  let afterId = 0;
  for (;;) {
    const rows = await read((tx) => tx.unsafe<{ id: string; line: string }[]>(archiveBatchSql, [afterId, batchSize]));
    if (!rows.length) return;
    yield rows.map((row) => `${row.line}\n`).join("");
    if (rows.length < batchSize) return;
    afterId = Number(rows[rows.length - 1].id);
  }
}
