-- What the api function's read cache needs besides supabase/migrations/…_api_reads.sql:
-- a member's votes in one statement, and notifications that name what a new
-- comment changed.

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

-- ============================================================================
-- A comment changes one post's comment list
-- ============================================================================
-- A new or deleted comment changes its post's comment list and its
-- comment_count. The count is a counter like the votes: a visitor's kept
-- answer may show it up to 30 s old (members read it current, above). So
-- these notifications name the posts, 'comments of {id},{id}…', and the api
-- function forgets only those posts' comment lists instead of every answer
-- (on a busy site, comments would otherwise empty its memory many times a
-- second). A long list (a payload holds 8,000 bytes) says just 'comments',
-- which empties everything, as any other change does.
create or replace function private.notify_comment_lists()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  post_ids text := (select string_agg(distinct post_id::text, ',') from changed_comments);
begin
  if post_ids is not null then
    perform pg_notify('public_changes', case when length(post_ids) > 7000 then 'comments' else 'comments of ' || post_ids end);
  end if;
  return null;
end;
$$;

-- A trigger with a transition table fires on one kind of event only.
drop trigger comments_90_notify on public.comments;
create trigger comments_90_notify
  after update of post_id, parent_id, reply_to_id, author_id, content, created_at or truncate
  on public.comments
  for each statement execute function private.notify_public_change();
create trigger comments_90_notify_insert
  after insert on public.comments
  referencing new table as changed_comments
  for each statement execute function private.notify_comment_lists();
create trigger comments_90_notify_delete
  after delete on public.comments
  referencing old table as changed_comments
  for each statement execute function private.notify_comment_lists();
