-- The public lists (all posts, timeline) as one security-definer function.
--
-- Everyone may read approved posts, and these lists show nothing else, so
-- row-level security has nothing to add here; under it, though, Postgres may
-- not use the non-leakproof `@@` (search) and `@>` (tags) as index
-- conditions, and a rare word or tag read every approved post. Here the
-- function applies `status = 'approved'` itself, and each call is planned
-- for exactly the filters it has (dynamic SQL), so the planner picks the GIN
-- index or the ordered list index as the data suggests.

-- ============================================================================
-- private.list_approved_posts
-- ============================================================================
create or replace function private.list_approved_posts(
  p_sort text,
  p_limit integer,
  p_tsquery text default null,
  p_tags text[] default null,
  p_day date default null,
  p_time_zone text default 'UTC',
  p_cursor_key text default null,
  p_cursor_id bigint default null,
  p_content_preview boolean default false
)
returns table (post jsonb, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
as $body$
declare
  key_sql text := case p_sort when 'most_upvotes' then '(p.upvotes - p.downvotes)' else 'p.sort_date' end;
  key_type text := case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end;
  direction text := case p_sort when 'oldest' then 'asc' else 'desc' end;
  day_start timestamptz;
  day_end timestamptz;
begin
  if p_sort is null or p_sort not in ('newest', 'oldest', 'most_upvotes') then
    raise exception 'sort must be newest, oldest or most_upvotes.' using errcode = 'PT400';
  end if;
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if p_day is not null then
    day_start := p_day::timestamp at time zone p_time_zone;
    day_end := (p_day + 1)::timestamp at time zone p_time_zone;
  end if;

  return query execute format(
    $query$
      select private.post_json(p, false) %s, %s::text, p.id
      from public.posts p
      where p.status = 'approved' %s %s %s %s
      order by %s %s, p.id %s
      limit $7
    $query$,
    case when p_content_preview then $$|| jsonb_build_object('content', left(p.content, 200))$$ else '' end,
    key_sql,
    case when p_tsquery is not null then $$and p.search @@ to_tsquery('simple', $1)$$ else '' end,
    case when cardinality(p_tags) > 0 then 'and p.tags @> $2' else '' end,
    case when p_day is not null then 'and p.sort_date >= $3 and p.sort_date < $4' else '' end,
    case when p_cursor_key is not null
      then format('and (%s, p.id) %s ($5::%s, $6)', key_sql, case direction when 'desc' then '<' else '>' end, key_type)
      else '' end,
    key_sql, direction, direction)
  using p_tsquery, p_tags, day_start, day_end, p_cursor_key, p_cursor_id, p_limit;
end;
$body$;

revoke execute on function private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean) from public;
grant execute on function private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean)
  to anon, authenticated;
