-- ============================================================================
-- A member's votes, in one statement
-- ============================================================================
-- A signed-in member reads what a visitor reads (kept in the api function's
-- memory) with the current counters (comment count included) and the
-- member's own vote on each post and comment in it
-- (supabase/functions/api/middleware/shared-read.ts).
--
-- This replaces private.current_votes, which ran under the member's role and
-- claims. Setting those takes a transaction (begin, set, select, commit: four
-- round trips), and switching a session's role makes Postgres plan the
-- statement again. Measured from the api function's driver on the 100k
-- archive, 10 connections: 2,100 reads a second of one post's counters that
-- way against 11,500 as one statement; 1,650 against 7,500 for the 70 posts
-- of the home page (bench/findings.md, "A member's votes").
--
-- So the function names the member itself, and bypasses row-level security
-- to read that member's votes. Only the api function may call it: it has
-- verified the member's access token. The function refuses every session
-- that did not log in as the role that owns it (the database owner,
-- `postgres`, which SUPABASE_DB_URL uses). PostgREST logs in as
-- `authenticator`, so no anon key or member's token reaches it, even if the
-- `private` schema were ever exposed. It reads approved posts and the
-- comments on them only: what every visitor's answer holds.
create or replace function private.member_votes(p_member_id uuid, p_post_ids bigint[], p_comment_ids bigint[])
returns table (target text, id bigint, upvotes integer, downvotes integer, comment_count integer, user_vote text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if session_user is distinct from current_user then
    raise exception 'Only the api function reads a member''s votes.' using errcode = '42501';
  end if;
  return query
    select 'post', p.id, p.upvotes, p.downvotes, p.comment_count, coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.post_votes v
       where v.post_id = p.id and v.user_id = p_member_id),
      'none')
    from public.posts p
    where p.id = any (p_post_ids) and p.status = 'approved'
    union all
    select 'comment', c.id, c.upvotes, c.downvotes, null::integer, coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.comment_votes v
       where v.comment_id = c.id and v.user_id = p_member_id),
      'none')
    from public.comments c
    join public.posts p on p.id = c.post_id and p.status = 'approved'
    where c.id = any (p_comment_ids);
end;
$$;

-- The api function's sessions run as anon (supabase/functions/_shared/db.ts).
revoke execute on function private.member_votes(uuid, bigint[], bigint[]) from public;
grant execute on function private.member_votes(uuid, bigint[], bigint[]) to anon;

drop function private.current_votes(bigint[], bigint[]);
