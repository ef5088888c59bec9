-- ============================================================================
-- Feeds
-- ============================================================================
-- The newest published posts of a feed (GET /api/feed), as one
-- security-definer function. Everyone may read approved posts and a feed
-- shows nothing else, so row-level security has nothing to add here; under it,
-- though, Postgres may not use the non-leakproof `@>` as an index condition,
-- and a tag nobody uses read every approved post (as for
-- private.list_approved_posts). Each call is planned for the filters it has
-- (dynamic SQL); tags have good statistics, so the planner chooses between
-- walking the order's index and collecting a rare tag's posts.
--
-- Order: events by event date; every other feed by publication (approval; an
-- admin's own post and the seed's have no review, so their creation), which
-- posts_approved_published_at_idx serves.
create or replace function private.feed_posts(p_events boolean, p_tag text, p_limit integer)
returns table (
  id bigint,
  title text,
  excerpt text,
  is_nsfw boolean,
  tags text[],
  author_name text,
  published_at timestamptz,
  updated_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $body$
begin
  return query execute format(
    $query$
      select p.id, p.title, p.excerpt, p.is_nsfw, p.tags,
             -- A deleted account's posts stay, under this name (as private.post_json says).
             case when p.author_id is null then 'Deleted user'
                  else (select pr.display_name from public.profiles pr where pr.id = p.author_id) end,
             coalesce(p.reviewed_at, p.created_at), p.updated_at
      from public.posts p
      where p.status = 'approved' %s %s
      order by %s desc, p.id desc
      limit $2
    $query$,
    case when p_events then $$and p.post_type = 'event'$$ else '' end,
    case when p_tag is not null then 'and p.tags @> private.normalize_tags(array[$1])' else '' end,
    case when p_events then 'p.sort_date' else 'coalesce(p.reviewed_at, p.created_at)' end)
  using p_tag, p_limit;
end;
$body$;

revoke execute on function private.feed_posts(boolean, text, integer) from public;
grant execute on function private.feed_posts(boolean, text, integer) to anon, authenticated;
