-- What a contributor reads about their own work (My contributions). Each read
-- is security invoker and filtered to the caller, so row-level security still
-- decides what the caller may see and nobody can ask for another user's list.
-- Rejection reasons are columns of posts and edit_suggestions (…000200,
-- …000400), written by private.reject_post / private.reject_edit_suggestion.

-- ============================================================================
-- My contributions
-- ============================================================================
-- The caller's own posts, newest first, whatever their state, with the reason
-- when one was rejected. At most p_limit (the list is one page). PL/pgSQL:
-- private.post_json comes in a later migration (…120000_api_reads), and a
-- SQL function's body is checked when it is created.
create or replace function private.my_posts(p_limit integer default 200)
returns setof jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return query
    select j.post || jsonb_build_object('rejection_reason', p.rejection_reason, 'reviewed_at', p.reviewed_at)
    from public.posts p cross join lateral private.post_json(p, false) j
    where p.author_id = (select auth.uid())
    order by p.created_at desc, p.id desc
    limit p_limit;
end;
$$;

-- The caller's own edit suggestions, newest first: which post, what they
-- changed, and what became of them.
create or replace function private.my_edit_suggestions(p_limit integer default 200)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id,
    'post_id', s.post_id,
    'post_title', p.title,
    'summary', s.summary,
    'fields', (select coalesce(jsonb_agg(k order by k), '[]'::jsonb) from jsonb_object_keys(s.changes) k),
    'status', s.status,
    'rejection_reason', s.rejection_reason,
    'created_at', s.created_at,
    'reviewed_at', s.reviewed_at)
  from public.edit_suggestions s
  left join public.posts p on p.id = s.post_id
  where s.user_id = (select auth.uid())
  order by s.created_at desc, s.id desc
  limit p_limit
$$;

-- The caller's own general suggestions, newest first.
create or replace function private.my_suggestions(p_limit integer default 200)
returns setof jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object('id', s.id, 'suggestion', s.suggestion, 'status', s.status, 'created_at', s.created_at)
  from public.suggestions s
  where s.user_id = (select auth.uid())
  order by s.created_at desc, s.id desc
  limit p_limit
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.my_posts(integer),
  private.my_edit_suggestions(integer),
  private.my_suggestions(integer)
from public;
grant execute on function
  private.my_posts(integer),
  private.my_edit_suggestions(integer),
  private.my_suggestions(integer)
to authenticated;
