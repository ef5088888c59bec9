-- private.post_json and private.comment_json, redefined so Postgres inlines
-- them into the query that calls them: a SQL function is inlined only when its
-- body is a single expression (no FROM, no CTE) and it has no SET clause.
-- Inlined, its subqueries are planned once with the calling query instead of
-- being planned again for every row (a list of 70 posts paid that 70 times).
-- Both stay security invoker, so the caller's row-level security still
-- decides what they see; every name in them is schema-qualified, which is
-- what `set search_path = ''` would otherwise guarantee.

-- ============================================================================
-- Post as JSON (SPEC §3 "Post")
-- ============================================================================
create or replace function private.post_json(p public.posts, with_content boolean default true)
returns jsonb
language sql
stable
security invoker
as $$
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
       from public.post_media m where m.post_id = p.id),
      '[]'::jsonb),
    'image_url', (select m.object_path from public.post_media m
                  where m.post_id = p.id and m.media_type = 'image' order by m.position, m.id limit 1),
    'media_type', (select m.media_type from public.post_media m
                   where m.post_id = p.id order by m.position, m.id limit 1),
    'thumbnail_url', (select m.object_path from public.post_media m
                      where m.post_id = p.id and m.media_type = 'image' order by m.position, m.id limit 1)
  )
$$;

-- ============================================================================
-- Comment as JSON (SPEC §3 "Comment")
-- ============================================================================
create or replace function private.comment_json(c public.comments)
returns jsonb
language sql
stable
security invoker
as $$
  select jsonb_build_object(
    'id', c.id,
    'post_id', c.post_id,
    'content', c.content,
    'parent_id', c.parent_id,
    'author_name', (select pr.display_name from public.profiles pr where pr.id = c.author_id),
    'created_at', c.created_at,
    'upvotes', c.upvotes,
    'downvotes', c.downvotes,
    'user_vote', coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.comment_votes v
       where v.comment_id = c.id and v.user_id = (select auth.uid())),
      'none'))
$$;
