-- Votes on posts and comments, the counters they keep exact, a post's and a
-- comment's JSON with those counters, and private.cast_post_vote /
-- cast_comment_vote.

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
language plpgsql security definer set search_path = '' as $$
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
language plpgsql security definer set search_path = '' as $$
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
-- of votes on one post never writes its wide row and indexes
-- (bench/findings.md, "Counters beside the card").
create or replace function private.votes_count()
returns trigger
language plpgsql security definer set search_path = '' as $$
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
-- A post's and a comment's JSON with their counters and the caller's vote
-- ============================================================================
-- Here, after the votes, as they read the caller's own vote; the cards they
-- complete are in …000250_post_cards.sql and …000300_comments.sql.
-- What a vote or a comment changes, and the caller's own vote, as JSON
-- members without braces ('"upvotes": 3, …'): the ready readers append them
-- to a stored card's text, the rarer live builds parse them (post_json).
-- Every value is a number or one of three fixed words, so nothing needs
-- escaping.
create or replace function private.post_counters(post_id bigint, upvotes integer, downvotes integer, comment_count integer)
returns table (members text)
language sql stable security invoker rows 1 as $$
  select '"upvotes": ' || upvotes
    || ', "downvotes": ' || downvotes
    || ', "comment_count": ' || comment_count
    -- A visitor has no votes: no lookup per post.
    || ', "user_vote": ' || case when (select auth.uid()) is null then '"none"' else coalesce(
      (select case v.vote when 1 then '"up"' else '"down"' end
       from public.post_votes v
       where v.post_id = post_counters.post_id and v.user_id = (select auth.uid())),
      '"none"') end
$$;

-- Columns rather than the row: a thread reads them from an index alone
-- (private.approved_post_comments).
create or replace function private.comment_counters(comment_id bigint, upvotes integer, downvotes integer)
returns table (members text)
language sql stable security invoker rows 1 as $$
  select '"upvotes": ' || upvotes
    || ', "downvotes": ' || downvotes
    || ', "user_vote": ' || case when (select auth.uid()) is null then '"none"' else coalesce(
      (select case v.vote when 1 then '"up"' else '"down"' end
       from public.comment_votes v
       where v.comment_id = comment_counters.comment_id and v.user_id = (select auth.uid())),
      '"none"') end
$$;

-- A stored card with the counters of the row it belongs to, as JSON text
-- (a post's with `content`: null in the lists, its preview in the timeline).
-- Not granted to the API roles: only the security-definer readers call it.
create or replace function private.post_ready_json(p public.posts, with_preview boolean default false)
returns table (post text)
language sql stable security invoker rows 1 as $$
  select '{' || r.members || ', "content": ' || case when with_preview then r.preview else 'null' end || ', ' || n.members || '}'
  from private.post_cards r cross join lateral private.post_counters(r.post_id, r.upvotes, r.downvotes, r.comment_count) n
  where r.post_id = p.id
$$;

-- A post's counters as JSON members, for the live builds, which run as the
-- caller (a member's own posts, an unpublished post's detail): security
-- definer, as the API roles cannot read post_cards. The caller has the row
-- already, under its own row-level security.
create or replace function private.post_counter_members(p_post_id bigint)
returns text
language sql stable security definer set search_path = '' as $$
  select n.members
  from private.post_cards r
  cross join lateral private.post_counters(r.post_id, r.upvotes, r.downvotes, r.comment_count) n
  where r.post_id = p_post_id
$$;

-- The shapes built as they are read (the review queue, an unpublished
-- post's detail, a member's own posts): the same card and counters, as jsonb.
create or replace function private.post_json(p public.posts, with_content boolean default true)
returns table (post jsonb)
language sql stable security invoker rows 1 as $$
  select c.card || ('{' || private.post_counter_members(p.id) || '}')::jsonb
           || jsonb_build_object('content', case when with_content then p.content end)
  from private.post_card(p) c
$$;

create or replace function private.comment_json(c public.comments)
returns table (comment jsonb)
language sql stable security invoker rows 1 as $$
  select k.card || ('{' || n.members || '}')::jsonb
  from private.comment_card(c) k cross join lateral private.comment_counters(c.id, c.upvotes, c.downvotes) n
$$;

-- A stored comment card's members with the comment's counters.
create or replace function private.comment_ready_json(card_members text, comment_id bigint, upvotes integer, downvotes integer)
returns table (comment text)
language sql stable security invoker rows 1 as $$
  select '{' || card_members || ', ' || n.members || '}'
  from private.comment_counters(comment_id, upvotes, downvotes) n
$$;

-- ============================================================================
-- private.cast_post_vote / private.cast_comment_vote
-- ============================================================================
-- p_vote: 'up', 'down' or 'none'. Returns {upvotes, downvotes, user_vote}.
-- Security invoker: the vote policies above decide.
create or replace function private.vote_value(p_vote text)
returns smallint
language plpgsql immutable set search_path = '' as $$
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
-- are in private.post_cards, which the API roles cannot read. PL/pgSQL, as
-- every helper a request calls (private.trim_ws says why).
create or replace function private.approved_post_vote_counts(p_post_id bigint, p_vote text)
returns json
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select json_build_object('upvotes', k.upvotes, 'downvotes', k.downvotes, 'user_vote', p_vote)
          from private.post_cards k join public.posts p on p.id = k.post_id
          where k.post_id = p_post_id and p.status = 'approved');
end;
$$;

create or replace function private.cast_post_vote(p_post_id bigint, p_vote text)
returns json
language plpgsql security invoker set search_path = '' as $$
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
language plpgsql security invoker set search_path = '' as $$
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

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function private.vote_value(text) to anon, authenticated, service_role;
grant execute on function private.cast_post_vote(bigint, text), private.cast_comment_vote(bigint, text) to anon, authenticated;
grant execute on function private.approved_post_vote_counts(bigint, text) to authenticated;
-- post_json and comment_json are security invoker and granted to the API
-- roles: what they call must be too (their rows are read under the caller's
-- row-level security).
grant execute on function
  private.post_json(public.posts, boolean),
  private.post_counter_members(bigint),
  private.comment_json(public.comments),
  private.comment_counters(bigint, integer, integer)
to anon, authenticated;
