-- The readers of My contributions: a member's own posts, edit suggestions
-- and general suggestions. They are security invoker and filtered to the
-- caller, so row-level security still decides what the caller may see and
-- nobody can ask for another user's list. Rejection reasons are columns of
-- posts and edit_suggestions, written by private.reject_post /
-- private.reject_edit_suggestion.

-- ============================================================================
-- My contributions
-- ============================================================================
-- Each list is paged newest first by (created_at, id): a page is p_limit rows
-- older than the last row of the one before (p_before_*, null for the first),
-- and each row comes with its sort key (created_at as text keeps its
-- microseconds, which an ISO string in JSON would round). Each writes its
-- one-line keyset condition itself, in plain sight of the planner, rather
-- than through a helper that would have to be inlined to keep the index.

-- The caller's own posts, whatever their state, with the reason when one was
-- rejected. PL/pgSQL, as every helper a request calls (private.trim_ws says
-- why).
create or replace function private.my_posts(p_limit integer default 50, p_before_created timestamptz default null, p_before_id bigint default null)
returns table (item jsonb, sort_created text, sort_id bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  return query
    select j.post || jsonb_build_object('rejection_reason', p.rejection_reason, 'reviewed_at', p.reviewed_at), p.created_at::text, p.id
    from public.posts p cross join lateral private.post_json(p, false) j
    where p.author_id = (select auth.uid())
      and (p_before_created is null or (p.created_at, p.id) < (p_before_created, p_before_id))
    order by p.created_at desc, p.id desc
    limit p_limit;
end;
$$;

-- The caller's own edit suggestions: which post, what they changed, and what
-- became of them.
create or replace function private.my_edit_suggestions(p_limit integer default 50, p_before_created timestamptz default null, p_before_id bigint default null)
returns table (item jsonb, sort_created text, sort_id bigint)
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'id', s.id,
    'post_id', s.post_id,
    'post_title', p.title,
    'summary', s.summary,
    'fields', (select coalesce(jsonb_agg(k order by k), '[]'::jsonb) from jsonb_object_keys(s.changes) k),
    'status', s.status,
    'rejection_reason', s.rejection_reason,
    'created_at', s.created_at,
    'reviewed_at', s.reviewed_at), s.created_at::text, s.id
  from public.edit_suggestions s
  left join public.posts p on p.id = s.post_id
  where s.user_id = (select auth.uid())
    and (p_before_created is null or (s.created_at, s.id) < (p_before_created, p_before_id))
  order by s.created_at desc, s.id desc
  limit p_limit
$$;

-- The caller's own general suggestions.
create or replace function private.my_suggestions(p_limit integer default 50, p_before_created timestamptz default null, p_before_id uuid default null)
returns table (item jsonb, sort_created text, sort_id uuid)
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object('id', s.id, 'suggestion', s.suggestion, 'status', s.status, 'created_at', s.created_at), s.created_at::text, s.id
  from public.suggestions s
  where s.user_id = (select auth.uid())
    and (p_before_created is null or (s.created_at, s.id) < (p_before_created, p_before_id))
  order by s.created_at desc, s.id desc
  limit p_limit
$$;

-- The caller's own withdrawn posts (private.withdrawn_posts), most recently
-- withdrawn first: the newest 100, as a JSON list. Security definer, as
-- nobody reads that table directly; only the caller's own rows.
create or replace function private.my_withdrawn_posts()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object('id', w.post_id, 'title', w.title, 'created_at', w.created_at, 'withdrawn_at', w.withdrawn_at)
                              order by w.withdrawn_at desc, w.post_id desc), '[]'::jsonb)
    from (select * from private.withdrawn_posts w
          where w.author_id = (select auth.uid())
          order by w.withdrawn_at desc, w.post_id desc
          limit 100) w);
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function private.my_withdrawn_posts() from public;
grant execute on function private.my_withdrawn_posts() to authenticated;
revoke execute on function
  private.my_posts(integer, timestamptz, bigint),
  private.my_edit_suggestions(integer, timestamptz, bigint),
  private.my_suggestions(integer, timestamptz, uuid)
from public;
grant execute on function
  private.my_posts(integer, timestamptz, bigint),
  private.my_edit_suggestions(integer, timestamptz, bigint),
  private.my_suggestions(integer, timestamptz, uuid)
to authenticated;
