-- A signed-in member reads what a visitor reads (kept in the api function's
-- memory) with current counters and the member's own vote on each post and
-- comment in it (supabase/functions/api/middleware/shared-read.ts). The
-- counters come from the function's memory, kept current by the
-- notifications below; the member's own votes from private.member_votes.
-- Together they replace private.current_votes, which read both under the
-- member's role, per request (bench/findings.md, "A member's votes").

-- ============================================================================
-- Counters, as they change
-- ============================================================================
-- Every change of a published post's or a comment's counters, as
-- 'post,{id},{upvotes},{downvotes},{comment_count}' or
-- 'comment,{id},{upvotes},{downvotes}' on the channel `counters`. Postgres
-- delivers notifications in commit order, so the last one a listener has
-- for an id holds its current counters. Votes update the counters in the
-- same statement as the vote (private.votes_count), comments the post's
-- comment_count (private.comments_count).
create or replace function private.notify_counters()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Two branches: a plpgsql expression naming `new.comment_count` fails on a comment's row.
  if tg_table_name = 'posts' then
    perform pg_notify('counters', concat_ws(',', 'post', new.id, new.upvotes, new.downvotes, new.comment_count));
  else
    perform pg_notify('counters', concat_ws(',', 'comment', new.id, new.upvotes, new.downvotes));
  end if;
  return null;
end;
$$;

create trigger posts_91_notify_counters
  after update of upvotes, downvotes, comment_count on public.posts
  for each row
  when (new.status = 'approved' and (old.upvotes, old.downvotes, old.comment_count)
                                    is distinct from (new.upvotes, new.downvotes, new.comment_count))
  execute function private.notify_counters();

create trigger comments_91_notify_counters
  after update of upvotes, downvotes on public.comments
  for each row
  when ((old.upvotes, old.downvotes) is distinct from (new.upvotes, new.downvotes))
  execute function private.notify_counters();

-- ============================================================================
-- private.member_votes
-- ============================================================================
-- A member's own votes among the given posts and comments (none listed: no
-- vote). One statement on the api function's visitor sessions, naming the
-- member: under the member's role it took a transaction (begin, set, select,
-- commit: four round trips), and switching a session's role makes Postgres
-- plan the statement again. From the api function's driver on the 100k
-- archive, 10 connections: 2,100 reads a second of one post's votes that way
-- against 11,500 as one statement (bench/findings.md).
--
-- So the function bypasses row-level security to read the named member's
-- votes, and only the api function may call it: it has verified the
-- member's access token. The function refuses every session that did not
-- log in as the role that owns it (the database owner, `postgres`, which
-- SUPABASE_DB_URL uses). PostgREST logs in as `authenticator`, so no anon
-- key or member's token reaches it, even if the `private` schema were ever
-- exposed.
create or replace function private.member_votes(p_member_id uuid, p_post_ids bigint[], p_comment_ids bigint[])
returns table (target text, id bigint, user_vote text)
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
    select 'post', v.post_id, case v.vote when 1 then 'up' else 'down' end
    from public.post_votes v
    where v.user_id = p_member_id and v.post_id = any (p_post_ids)
    union all
    select 'comment', v.comment_id, case v.vote when 1 then 'up' else 'down' end
    from public.comment_votes v
    where v.user_id = p_member_id and v.comment_id = any (p_comment_ids);
end;
$$;

-- The api function's sessions run as anon (supabase/functions/_shared/db.ts).
revoke execute on function private.member_votes(uuid, bigint[], bigint[]) from public;
grant execute on function private.member_votes(uuid, bigint[], bigint[]) to anon;

drop function private.current_votes(bigint[], bigint[]);
