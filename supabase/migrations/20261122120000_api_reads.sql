-- Read functions of the `api` edge function. Each builds a whole response in
-- one statement (one round trip per read request). They are security invoker:
-- row-level security of the caller's role decides what they return.

-- ============================================================================
-- Post as JSON (the shape of SPEC §3 "Post")
-- ============================================================================
create or replace function private.post_json(p public.posts, with_content boolean default true)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with media as (
    select m.id, m.object_path, m.media_type, m.position
    from public.post_media m
    where m.post_id = p.id
    order by m.position, m.id
  )
  select jsonb_build_object(
    'id', p.id,
    'title', p.title,
    'excerpt', p.excerpt,
    'content', case when with_content then p.content end,
    'tags', array_to_string(p.tags, ','),
    'citations', p.citations,
    'post_type', p.post_type,
    'status', p.status,
    'is_nsfw', p.is_nsfw,
    'is_pinned', p.is_pinned,
    'is_important', p.is_important,
    'event_timestamp', p.event_timestamp,
    'created_at', p.created_at,
    'author_name', (select pr.display_name from public.profiles pr where pr.id = p.author_id),
    'upvotes', p.upvotes,
    'downvotes', p.downvotes,
    'comment_count', p.comment_count,
    'user_vote', coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.post_votes v
       where v.post_id = p.id and v.user_id = (select auth.uid())),
      'none'),
    'media', coalesce(
      (select jsonb_agg(jsonb_build_object('id', m.id, 'url', '/images/' || m.object_path, 'media_type', m.media_type)
                        order by m.position, m.id)
       from media m),
      '[]'::jsonb),
    'image_url', (select m.object_path from media m where m.media_type = 'image' limit 1),
    'media_type', (select m.media_type from media m limit 1),
    'thumbnail_url', (select m.object_path from media m where m.media_type = 'image' limit 1)
  )
$$;

-- ============================================================================
-- Home: pinnedPost, importantPosts, recentPosts
-- ============================================================================
create or replace function private.home_posts(time_zone text default 'UTC')
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'pinnedPost', (
      select private.post_json(p, false)
      from public.posts p
      where p.is_pinned and p.status = 'approved'
      limit 1),
    'importantPosts', coalesce((
      select jsonb_agg(private.post_json(p, false) order by p.created_at desc)
      from (select * from public.posts p
            where p.is_important and p.status = 'approved'
            order by p.created_at desc
            limit 20) p), '[]'::jsonb),
    'recentPosts', coalesce((
      select jsonb_agg(private.post_json(p, false) order by p.created_at desc)
      from (select * from public.posts p
            where p.status = 'approved'
              and p.created_at >= (date_trunc('day', now() at time zone time_zone) at time zone time_zone)
            order by p.created_at desc
            limit 50) p), '[]'::jsonb)
  )
$$;

grant usage on schema private to anon, authenticated;
grant execute on function private.post_json(public.posts, boolean) to anon, authenticated;
grant execute on function private.home_posts(text) to anon, authenticated;
