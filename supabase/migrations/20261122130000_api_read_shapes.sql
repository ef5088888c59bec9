-- More response shapes of the `api` function, built where the data is, so
-- every call that returns them returns the same thing. Security invoker:
-- row-level security decides what they can see.

-- ============================================================================
-- Info boxes of a post (SPEC §3 "Info box": id, title, content, order)
-- ============================================================================
create or replace function private.info_boxes_json(p_post_id bigint)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'content', b.content, 'order', b.position)
              order by b.position, b.id),
    '[]'::jsonb)
  from public.info_boxes b
  where b.post_id = p_post_id
$$;

-- ============================================================================
-- Comment as JSON (SPEC §3 "Comment")
-- ============================================================================
create or replace function private.comment_json(c public.comments)
returns jsonb
language sql
stable
security invoker
set search_path = ''
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

revoke execute on function private.info_boxes_json(bigint), private.comment_json(public.comments) from public;
grant execute on function private.info_boxes_json(bigint), private.comment_json(public.comments) to anon, authenticated;
