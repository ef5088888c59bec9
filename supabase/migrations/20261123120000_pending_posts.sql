-- The review queue as one security-definer function: it checks the admin role
-- itself, then reads the pending posts without row-level security, whose
-- non-leakproof `status = 'pending'` kept the planner from the partial index
-- (posts_pending_created_at_idx) and made it read every post.

-- ============================================================================
-- private.pending_posts
-- ============================================================================
create or replace function private.pending_posts()
returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select private.post_json(p) || jsonb_build_object('info_boxes', private.info_boxes_json(p.id))
    from public.posts p
    where p.status = 'pending'
    order by p.created_at, p.id;
end;
$$;

revoke execute on function private.pending_posts() from public;
grant execute on function private.pending_posts() to authenticated;
