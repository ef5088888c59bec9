-- Comments (replies one level deep), votes on posts and comments, the
-- counters they keep exact, rate limits, and private.cast_*_vote.

-- ============================================================================
-- Rate limits (fixed one-minute windows per user and action)
-- ============================================================================
create table private.rate_limits (
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (user_id, action)
);

alter table private.rate_limits enable row level security;
-- No policies: only the security definer function below touches it.

-- Counts one hit; false once more than max_hits fell into the current window.
create or replace function private.hit_rate_limit(p_user_id uuid, p_action text, p_max_hits integer, p_window interval)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  insert into private.rate_limits as r (user_id, action, window_start, hits)
  values (p_user_id, p_action, now(), 1)
  on conflict (user_id, action) do update
    set window_start = case when r.window_start <= now() - p_window then now() else r.window_start end,
        hits = case when r.window_start <= now() - p_window then 1 else r.hits + 1 end
  returning r.hits into n;
  return n <= p_max_hits;
end;
$$;

-- ============================================================================
-- Comments
-- ============================================================================
create table public.comments (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id) on delete cascade,
  parent_id bigint references public.comments (id) on delete cascade,
  -- The comment a reply answers, which may itself be a reply (set by the insert trigger).
  reply_to_id bigint references public.comments (id) on delete set null,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  content text not null,
  upvotes integer not null default 0 constraint comments_upvotes_nonnegative check (upvotes >= 0),
  downvotes integer not null default 0 constraint comments_downvotes_nonnegative check (downvotes >= 0),
  created_at timestamptz not null default now(),
  -- When its author last changed its words (private.edit_comment), shown as "edited".
  edited_at timestamptz,
  -- When its author deleted it while it had replies (private.delete_own_comment).
  deleted_at timestamptz,
  -- Empty once its author deleted it (deleted_at): the words go, the place stays.
  constraint comments_content_length check (
    case when deleted_at is null then char_length(btrim(content)) between 1 and 5000 else content = '' end)
);

comment on column public.comments.parent_id is 'The top-level comment a reply belongs to (replies are one level deep).';
comment on column public.comments.deleted_at is
  'Set when its author deleted a comment that has replies: its words are gone, its place in the thread stays for the replies.';

-- A thread's order and counters from the index alone (an index-only scan):
-- its comments' rows lie on as many pages as it has comments, written over
-- months (bench/findings.md, "A thread from two index ranges"). A vote
-- changes the score index below anyway, so including the counters here costs
-- no HOT update.
create index comments_post_id_created_at_idx on public.comments (post_id, created_at desc, id desc) include (upvotes, downvotes);
-- A page of a thread (private.approved_post_comments): the next top-level
-- comments in either order, then each one's replies oldest first, all from
-- the indexes alone.
create index comments_top_level_created_at_idx on public.comments (post_id, created_at desc, id desc)
  include (upvotes, downvotes) where parent_id is null;
create index comments_top_level_score_idx on public.comments (post_id, (upvotes - downvotes) desc, created_at desc, id desc)
  include (upvotes, downvotes) where parent_id is null;
create index comments_parent_id_created_at_idx on public.comments (parent_id, created_at, id) include (upvotes, downvotes);
create index comments_reply_to_id_idx on public.comments (reply_to_id);
create index comments_author_id_created_at_idx on public.comments (author_id, created_at desc);

alter table public.comments enable row level security;
revoke all on public.comments from anon, authenticated;
grant select on public.comments to anon, authenticated;
grant insert, delete on public.comments to authenticated;

create policy "Comments are readable when their post is readable"
  on public.comments for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id));

create policy "Signed-in users can comment on approved posts as themselves"
  on public.comments for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
  );

create policy "Admins can delete comments"
  on public.comments for delete to authenticated
  using ((select private.is_admin()));

-- No update policy: an author changes their own comment through
-- private.edit_comment and private.delete_own_comment, which check who and when.

-- A comment's words as stored (trimmed), shared by new comments and edits.
create or replace function private.comment_words(p_content text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  words text := private.trim_ws(coalesce(p_content, ''));
begin
  if words = '' then
    raise exception 'A comment cannot be empty.' using errcode = 'PT400';
  elsif char_length(words) > 5000 then
    raise exception 'A comment can be at most 5000 characters.' using errcode = 'PT400';
  end if;
  return words;
end;
$$;

-- Content check, reply flattening, one comment per minute for non-admins.
create or replace function private.comments_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  parent record;
begin
  new.content := private.comment_words(new.content);
  new.edited_at := null;
  new.deleted_at := null;

  -- Who is answered is the comment the member replied to, whatever a client sends.
  new.reply_to_id := new.parent_id;
  if new.parent_id is not null then
    select c.post_id, c.parent_id, c.deleted_at into parent from public.comments c where c.id = new.parent_id;
    if not found then
      raise exception 'The comment you are replying to no longer exists.' using errcode = 'PT404';
    elsif parent.post_id <> new.post_id then
      raise exception 'A reply must belong to the same post as the comment it answers.' using errcode = 'PT400';
    elsif parent.deleted_at is not null then
      raise exception 'The comment you are replying to was deleted by its author.' using errcode = 'PT409';
    end if;
    -- A reply to a reply is attached to the top-level comment.
    if parent.parent_id is not null then
      new.parent_id := parent.parent_id;
    end if;
  end if;

  new.upvotes := 0;
  new.downvotes := 0;

  if uid is not null then
    perform private.require_adult_member(uid);
    new.created_at := now();
    if not private.is_admin() then
      perform pg_advisory_xact_lock(hashtextextended('comment-cooldown:' || uid::text, 0));
      if exists (
        select 1 from public.comments c
        where c.author_id = uid
          and c.created_at > now() - interval '1 minute'
      ) then
        raise exception 'Please wait 1 minute before commenting again.' using errcode = 'PT429';
      end if;
    end if;
  end if;
  return new;
end;
$$;

create trigger comments_10_before_insert
  before insert on public.comments
  for each row execute function private.comments_before_insert();

create or replace function private.comments_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The post's counters sit beside its card (…_api_reads.sql, private.post_cards).
  if tg_op = 'INSERT' then
    update private.post_cards set comment_count = comment_count + 1 where post_id = new.post_id;
  else
    update private.post_cards set comment_count = greatest(comment_count - 1, 0) where post_id = old.post_id;
  end if;
  return null;
end;
$$;

create trigger comments_20_count
  after insert or delete on public.comments
  for each row execute function private.comments_count();

-- ============================================================================
-- An author's own comment: edit and delete
-- ============================================================================
-- The caller's own comment, locked for a change: PT404 when there is none
-- the caller can see, PT403 when it is someone else's, PT409 once deleted.
-- Suspended members and accounts without the 18+ confirmation cannot change
-- their words either (private.require_adult_member).
create or replace function private.lock_own_comment(p_comment_id bigint)
returns public.comments
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  c public.comments;
begin
  select * into c from public.comments where id = p_comment_id for update;
  if not found or not exists (select 1 from public.posts p where p.id = c.post_id and p.status = 'approved') then
    raise exception 'Comment not found.' using errcode = 'PT404';
  elsif c.author_id is distinct from uid then
    raise exception 'You can only change your own comments.' using errcode = 'PT403';
  elsif c.deleted_at is not null then
    raise exception 'This comment was deleted.' using errcode = 'PT409';
  end if;
  perform private.require_adult_member(uid);
  return c;
end;
$$;

-- New words for the caller's own comment, with the limits of a new one. An
-- edit starts no comment cooldown (that counts comments written), but each
-- one empties every kept answer (comments_90_notify), so non-admins may
-- change at most 5 comments a minute. Unchanged words change nothing.
create or replace function private.edit_comment(p_comment_id bigint, p_content text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.comments := private.lock_own_comment(p_comment_id);
  words text := private.comment_words(p_content);
begin
  if words = c.content then
    return;
  end if;
  if not private.is_admin() and not private.hit_rate_limit(c.author_id, 'comment-edit', 5, interval '1 minute') then
    raise exception 'Please wait 1 minute before editing comments again.' using errcode = 'PT429';
  end if;
  update public.comments set content = words, edited_at = now() where id = p_comment_id;
end;
$$;

-- The caller deletes their own comment. Without replies it goes; with replies
-- its words go and its place stays ("This comment was deleted by its
-- author."), so the replies keep theirs; its open reports are resolved, as
-- a deleted comment's are. Returns whether it went ('deleted') or stays
-- ('emptied'). Admins delete with replies (private.delete_comment).
create or replace function private.delete_own_comment(p_comment_id bigint)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.comments := private.lock_own_comment(p_comment_id);
begin
  if exists (select 1 from public.comments r where r.parent_id = c.id) then
    update public.comments set content = '', edited_at = null, deleted_at = now() where id = c.id;
    update public.reports set status = 'resolved', closed_at = now()
     where post_id = c.post_id and comment_id = c.id and status = 'open';
    return 'emptied';
  end if;
  delete from public.comments where id = c.id;
  return 'deleted';
end;
$$;

-- A deleted comment kept for its replies goes with its last reply.
create or replace function private.comments_remove_empty_parent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.parent_id is not null then
    delete from public.comments c
     where c.id = old.parent_id and c.deleted_at is not null
       and not exists (select 1 from public.comments r where r.parent_id = c.id);
  end if;
  return null;
end;
$$;

create trigger comments_40_remove_empty_parent
  after delete on public.comments
  for each row execute function private.comments_remove_empty_parent();

-- ============================================================================
-- Votes
-- ============================================================================
create table public.post_votes (
  post_id bigint not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  vote smallint not null constraint post_votes_vote_valid check (vote in (-1, 1)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (post_id, user_id)
);

-- A member's own votes on a page's posts: one range of this index (Postgres
-- 17 walks the ids of `post_id = any (…)` within it), instead of one primary-key
-- lookup per post (private.member_votes). Serves `user_id` alone too.
create index post_votes_user_id_post_id_idx on public.post_votes (user_id, post_id);

create table public.comment_votes (
  comment_id bigint not null references public.comments (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  vote smallint not null constraint comment_votes_vote_valid check (vote in (-1, 1)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);

-- As post_votes_user_id_post_id_idx: a member's votes on a thread's comments.
create index comment_votes_user_id_comment_id_idx on public.comment_votes (user_id, comment_id);

-- Visitors select too: the JSON of a comment asks for the caller's own vote
-- whoever calls (private.comment_counters), and no policy gives them a row.
alter table public.post_votes enable row level security;
revoke all on public.post_votes from anon, authenticated;
grant select on public.post_votes to anon;
grant select, insert, update, delete on public.post_votes to authenticated;
alter table public.comment_votes enable row level security;
revoke all on public.comment_votes from anon, authenticated;
grant select on public.comment_votes to anon;
grant select, insert, update, delete on public.comment_votes to authenticated;

create policy "Users can read their own post votes"
  on public.post_votes for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can vote on approved posts as themselves"
  on public.post_votes for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
  );

create policy "Users can change their own votes on approved posts"
  on public.post_votes for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
  );

create policy "Users can remove their own post votes"
  on public.post_votes for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read their own comment votes"
  on public.comment_votes for select to authenticated
  using (user_id = (select auth.uid()));

-- A comment its author deleted (kept for its replies) takes no votes.
create policy "Users can vote on comments of approved posts as themselves"
  on public.comment_votes for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.comments c join public.posts p on p.id = c.post_id
      where c.id = comment_id and p.status = 'approved' and c.deleted_at is null
    )
  );

create policy "Users can change their own votes on comments of approved posts"
  on public.comment_votes for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.comments c join public.posts p on p.id = c.post_id
      where c.id = comment_id and p.status = 'approved' and c.deleted_at is null
    )
  );

create policy "Users can remove their own comment votes"
  on public.comment_votes for delete to authenticated
  using (user_id = (select auth.uid()));

-- Targets and voters never change; only a confirmed, unsuspended member votes
-- as themselves. Cascaded deletes (another user as the caller) are not checked.
create or replace function private.votes_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  voter uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
begin
  if tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id
       or (tg_table_name = 'post_votes' and (to_jsonb(new) ->> 'post_id') is distinct from (to_jsonb(old) ->> 'post_id'))
       or (tg_table_name = 'comment_votes' and (to_jsonb(new) ->> 'comment_id') is distinct from (to_jsonb(old) ->> 'comment_id')) then
      raise exception 'A vote cannot be moved to another user or target.' using errcode = 'PT400';
    end if;
    new.created_at := old.created_at;
    new.updated_at := now();
  elsif tg_op = 'INSERT' then
    new.created_at := now();
    new.updated_at := now();
  end if;

  if uid is not null and voter = uid then
    perform private.require_adult_member(uid);
  end if;

  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

-- A member's own vote change counts once against their limit. After the row
-- is written, not before: an upsert (private.cast_post_vote) fires both the
-- BEFORE INSERT and the BEFORE UPDATE triggers, but only the AFTER trigger of
-- what it did.
create or replace function private.votes_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is not null and uid = (case when tg_op = 'DELETE' then old.user_id else new.user_id end)
     and not private.hit_rate_limit(uid, 'vote', 30, interval '1 minute') then
    raise exception 'Please wait before voting again.' using errcode = 'PT429';
  end if;
  return null;
end;
$$;

create trigger post_votes_10_before_write
  before insert or update or delete on public.post_votes
  for each row execute function private.votes_before_write();

create trigger comment_votes_10_before_write
  before insert or update or delete on public.comment_votes
  for each row execute function private.votes_before_write();

create trigger post_votes_15_rate_limit
  after insert or update or delete on public.post_votes
  for each row execute function private.votes_rate_limit();

create trigger comment_votes_15_rate_limit
  after insert or update or delete on public.comment_votes
  for each row execute function private.votes_rate_limit();

-- Counters: relative increments under the target's row lock stay exact with
-- any number of concurrent voters. One function for both vote tables (OLD is
-- null on insert, NEW on delete); only the branch of the table that fired runs.
-- A post's counters are in its card's row (private.post_cards: narrow, no
-- index on them, so HOT), and its score for the most_upvotes list in
-- private.post_scores (approved posts only; no row, nothing updated): a burst
-- of votes on one post never writes its 2 kB row and eleven indexes
-- (bench/findings.md, "Counters beside the card").
create or replace function private.votes_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  up_change integer := coalesce((new.vote = 1)::integer, 0) - coalesce((old.vote = 1)::integer, 0);
  down_change integer := coalesce((new.vote = -1)::integer, 0) - coalesce((old.vote = -1)::integer, 0);
begin
  if up_change = 0 and down_change = 0 then
    return null;
  end if;
  if tg_table_name = 'post_votes' then
    update private.post_cards
       set upvotes = greatest(upvotes + up_change, 0), downvotes = greatest(downvotes + down_change, 0)
     where post_id = coalesce(new.post_id, old.post_id);
    update private.post_scores set score = score + up_change - down_change
     where post_id = coalesce(new.post_id, old.post_id);
  else
    update public.comments
       set upvotes = greatest(upvotes + up_change, 0), downvotes = greatest(downvotes + down_change, 0)
     where id = coalesce(new.comment_id, old.comment_id);
  end if;
  return null;
end;
$$;

create trigger post_votes_20_count
  after insert or update or delete on public.post_votes
  for each row execute function private.votes_count();

create trigger comment_votes_20_count
  after insert or update or delete on public.comment_votes
  for each row execute function private.votes_count();

-- ============================================================================
-- private.cast_post_vote / private.cast_comment_vote
-- ============================================================================
-- p_vote: 'up', 'down' or 'none'. Returns {upvotes, downvotes, user_vote}.
-- Security invoker: the vote policies above decide.
create or replace function private.vote_value(p_vote text)
returns smallint
language plpgsql
immutable
set search_path = ''
as $$
begin
  case p_vote
    when 'up' then return 1;
    when 'down' then return -1;
    when 'none' then return 0;
    else raise exception 'voteType must be up, down or none.' using errcode = 'PT400';
  end case;
end;
$$;

-- A published post's counters after a vote. Security definer: the counters
-- are in private.post_cards (…_api_reads.sql; PL/pgSQL, as that table comes
-- later), which the API roles cannot read.
create or replace function private.approved_post_vote_counts(p_post_id bigint, p_vote text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select json_build_object('upvotes', k.upvotes, 'downvotes', k.downvotes, 'user_vote', p_vote)
          from private.post_cards k join public.posts p on p.id = k.post_id
          where k.post_id = p_post_id and p.status = 'approved');
end;
$$;

create or replace function private.cast_post_vote(p_post_id bigint, p_vote text)
returns json
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  v smallint;
begin
  if uid is null then
    raise exception 'Please sign in to vote.' using errcode = 'PT401';
  end if;
  v := private.vote_value(p_vote);
  if not exists (select 1 from public.posts p where p.id = p_post_id and p.status = 'approved') then
    raise exception 'Post not found.' using errcode = 'PT404';
  end if;

  if v = 0 then
    delete from public.post_votes where post_id = p_post_id and user_id = uid;
  else
    insert into public.post_votes as pv (post_id, user_id, vote)
    values (p_post_id, uid, v)
    on conflict (post_id, user_id) do update
      set vote = excluded.vote
      where pv.vote <> excluded.vote;
  end if;

  return private.approved_post_vote_counts(p_post_id, p_vote);
end;
$$;

create or replace function private.cast_comment_vote(p_comment_id bigint, p_vote text)
returns json
language plpgsql
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  v smallint;
  result json;
begin
  if uid is null then
    raise exception 'Please sign in to vote.' using errcode = 'PT401';
  end if;
  v := private.vote_value(p_vote);
  if not exists (
    select 1 from public.comments c join public.posts p on p.id = c.post_id
    where c.id = p_comment_id and p.status = 'approved' and c.deleted_at is null
  ) then
    raise exception 'Comment not found.' using errcode = 'PT404';
  end if;

  if v = 0 then
    delete from public.comment_votes where comment_id = p_comment_id and user_id = uid;
  else
    insert into public.comment_votes as cv (comment_id, user_id, vote)
    values (p_comment_id, uid, v)
    on conflict (comment_id, user_id) do update
      set vote = excluded.vote
      where cv.vote <> excluded.vote;
  end if;

  select json_build_object('upvotes', c.upvotes, 'downvotes', c.downvotes, 'user_vote', p_vote)
    into result
    from public.comments c where c.id = p_comment_id;
  return result;
end;
$$;

revoke execute on all functions in schema private from public;
grant execute on function private.vote_value(text) to anon, authenticated, service_role;
grant execute on function private.cast_post_vote(bigint, text), private.cast_comment_vote(bigint, text) to anon, authenticated;
grant execute on function private.edit_comment(bigint, text) to authenticated;
grant execute on function private.approved_post_vote_counts(bigint, text) to authenticated;
