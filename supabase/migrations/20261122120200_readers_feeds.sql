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
-- posts_approved_published_at_idx serves, and one author's
-- (p_author_id) posts_author_id_published_at_idx.
create or replace function private.feed_posts(p_events boolean, p_tag text, p_limit integer, p_author_id uuid default null)
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
      where p.status = 'approved' %s %s %s
      order by %s desc, p.id desc
      limit $2
    $query$,
    case when p_events then $$and p.post_type = 'event'$$ else '' end,
    case when p_tag is not null then 'and p.tags @> private.normalize_tags(array[$1])' else '' end,
    case when p_author_id is not null then 'and p.author_id = $3' else '' end,
    case when p_events then 'p.sort_date' else 'coalesce(p.reviewed_at, p.created_at)' end)
  using p_tag, p_limit, p_author_id;
end;
$body$;

revoke execute on function private.feed_posts(boolean, text, integer, uuid) from public;
grant execute on function private.feed_posts(boolean, text, integer, uuid) to anon, authenticated;

-- ============================================================================
-- The whole archive's size, for the Data page
-- ============================================================================
-- GET /api/export/archive.jsonl is streamed as it is read, so its size is
-- known only once it is sent: the api function records it after each whole
-- download (a download cut short records nothing), and the Data page gives
-- that size with when it was measured, never making the file to learn it.
create table private.archive_download_size (
  only_row boolean primary key default true constraint archive_download_size_one_row check (only_row),
  bytes bigint not null constraint archive_download_size_bytes_nonnegative check (bytes >= 0),
  measured_at timestamptz not null
);

alter table private.archive_download_size enable row level security;
revoke all on private.archive_download_size from public, anon, authenticated;
-- No policies: only the security definer functions below touch it.

-- Records the size of a whole archive download just sent.
create or replace function private.record_archive_size(p_bytes bigint)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.archive_download_size (only_row, bytes, measured_at) values (true, greatest(p_bytes, 0), now())
  on conflict (only_row) do update set bytes = excluded.bytes, measured_at = excluded.measured_at;
end;
$$;

-- The archive's last measured size, and when the newest post in it was
-- published (one end of posts_approved_published_at_idx), as JSON.
create or replace function private.archive_info()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return jsonb_build_object(
    'newest_post_at', (select coalesce(p.reviewed_at, p.created_at) from public.posts p where p.status = 'approved'
                       order by coalesce(p.reviewed_at, p.created_at) desc, p.id desc limit 1),
    'size', (select jsonb_build_object('bytes', s.bytes, 'measured_at', s.measured_at) from private.archive_download_size s));
end;
$$;

revoke execute on function private.record_archive_size(bigint), private.archive_info() from public;
grant execute on function private.record_archive_size(bigint), private.archive_info() to anon, authenticated;
