/** How many posts one short read of the archive takes. */
export const archiveBatchSize = 200;

/**
 * One batch of the published archive (archive-lines.ts): the posts after id
 * $1, at most $2 of them, in id order, each as its line. A file without
 * imports, so that tests/plans/query-plans.test.ts checks the plan of this
 * same text from Node.
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
