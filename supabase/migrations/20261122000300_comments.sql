-- Comments (replies one level deep), an author's edits of their own, the
-- post's comment count, and each comment's card (its JSON kept ready).

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

-- Whose a comment was once its author deleted it and it stayed for its
-- replies (private.delete_own_comment): the row's author_id is cleared, as
-- author_id is readable by anyone who reads the thread, and kept here for
-- admins only (read as the database owner; no API role holds a grant).
create table private.deleted_comment_authors (
  comment_id bigint primary key references public.comments (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  deleted_at timestamptz not null default now()
);
create index deleted_comment_authors_author_id_idx on private.deleted_comment_authors (author_id);

alter table private.deleted_comment_authors enable row level security;
revoke all on private.deleted_comment_authors from public, anon, authenticated;

alter table public.comments enable row level security;
revoke all on public.comments from anon, authenticated;
grant select on public.comments to anon, authenticated;
grant insert on public.comments to authenticated;

create policy "Comments are readable when their post is readable"
  on public.comments for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id));

create policy "Signed-in users can comment on approved posts as themselves"
  on public.comments for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
  );

-- No update or delete policy: an author changes or deletes their own comment
-- through private.edit_comment and private.delete_own_comment, which check
-- who and when; moderators and admins delete through private.delete_comment,
-- which logs it.

-- A comment's words as stored (trimmed), shared by new comments and edits.
create or replace function private.comment_words(p_content text)
returns text
language plpgsql immutable set search_path = '' as $$
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

-- Content check, reply flattening, one comment per minute for members.
create or replace function private.comments_before_insert()
returns trigger
language plpgsql security definer set search_path = '' as $$
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
    if not private.is_moderator() then
      perform private.check_recent_rows(uid, 'comment-cooldown', 'comments', 'author_id', 1, interval '1 minute',
        'Please wait 1 minute before commenting again.');
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
language plpgsql security definer set search_path = '' as $$
begin
  -- The post's counters sit beside its card (private.post_cards, …000250_post_cards.sql).
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
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
  c public.comments := private.lock_row(null::public.comments, p_comment_id, 'Comment not found.');
begin
  if not exists (select 1 from public.posts p where p.id = c.post_id and p.status = 'approved') then
    raise exception 'Comment not found.' using errcode = 'PT404';
  elsif c.deleted_at is not null then
    -- Whoever asks: a deleted comment names no author any more.
    raise exception 'This comment was deleted.' using errcode = 'PT409';
  elsif c.author_id is distinct from uid then
    raise exception 'You can only change your own comments.' using errcode = 'PT403';
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
language plpgsql security definer set search_path = '' as $$
declare
  c public.comments := private.lock_own_comment(p_comment_id);
  words text := private.comment_words(p_content);
begin
  if words = c.content then
    return;
  end if;
  if not private.is_moderator() and not private.hit_rate_limit(c.author_id, 'comment-edit', 5, interval '1 minute') then
    raise exception 'Please wait 1 minute before editing comments again.' using errcode = 'PT429';
  end if;
  update public.comments set content = words, edited_at = now() where id = p_comment_id;
end;
$$;

-- A deleted comment kept for its replies goes with its last reply.
create or replace function private.comments_remove_empty_parent()
returns trigger
language plpgsql security definer set search_path = '' as $$
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
-- Comment cards: each comment's JSON kept ready (…000250_post_cards.sql says why)
-- ============================================================================
-- A comment as SPEC §3 "Comment" shows it, without the counters, and when
-- its author last edited it. One its author deleted while it had replies
-- shows what became of it, and no name.
create or replace function private.comment_card(c public.comments)
returns table (card jsonb)
language sql stable security invoker rows 1 as $$
  select jsonb_build_object(
    'id', c.id,
    'post_id', c.post_id,
    'content', case when c.deleted_at is null then c.content else 'This comment was deleted by its author.' end,
    'parent_id', c.parent_id,
    'author_name', case when c.deleted_at is not null then null
                        when c.author_id is null then 'Deleted user'
                        else (select pr.display_name from public.profiles pr where pr.id = c.author_id) end,
    -- What the author's name links to: a comment makes its author's name public.
    'author_id', case when c.deleted_at is null then c.author_id end,
    'created_at', c.created_at,
    'edited_at', c.edited_at,
    'deleted', c.deleted_at is not null)
$$;

create table private.comment_cards (
  comment_id bigint primary key references public.comments (id) on delete cascade,
  post_id bigint not null,
  members text not null
);
create index comment_cards_post_id_idx on private.comment_cards (post_id);

comment on table private.comment_cards is
  'Each comment''s JSON members without its counters (private.comment_card), kept current by triggers; read by security-definer functions only.';

alter table private.comment_cards enable row level security;
revoke all on private.comment_cards from public, anon, authenticated;

create or replace function private.refresh_comment_cards(p_comment_ids bigint[])
returns void
language sql security definer set search_path = '' as $$
  insert into private.comment_cards (comment_id, post_id, members)
  select c.id, c.post_id, private.card_members(k.card)
  from public.comments c cross join lateral private.comment_card(c) k
  where c.id = any (p_comment_ids)
  on conflict (comment_id) do update set post_id = excluded.post_id, members = excluded.members;
$$;

create or replace function private.comments_refresh_card()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_comment_cards(array[new.id]);
  return null;
end;
$$;

-- A new name shows on everything its owner wrote.
create or replace function private.profiles_refresh_cards()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_post_cards(array(select p.id from public.posts p where p.author_id = new.id));
  perform private.refresh_comment_cards(array(select c.id from public.comments c where c.author_id = new.id));
  return null;
end;
$$;

create trigger comments_50_insert_card
  after insert on public.comments
  for each row execute function private.comments_refresh_card();
create trigger comments_50_update_card
  after update of post_id, parent_id, author_id, content, created_at, edited_at, deleted_at on public.comments
  for each row
  when ((old.post_id, old.parent_id, old.author_id, old.content, old.created_at, old.edited_at, old.deleted_at)
        is distinct from (new.post_id, new.parent_id, new.author_id, new.content, new.created_at, new.edited_at, new.deleted_at))
  execute function private.comments_refresh_card();

create trigger profiles_50_cards
  after update of display_name on public.profiles
  for each row
  when (old.display_name is distinct from new.display_name)
  execute function private.profiles_refresh_cards();

-- ============================================================================
-- A comment changes one post's comment list
-- ============================================================================
-- A new or deleted comment changes its post's comment list and its
-- comment_count. The count is a counter like the votes: a visitor's kept
-- answer may show it up to 30 s old (members read it current: private.member_votes). So
-- these notifications name the posts, 'comments of {id},{id}…', and the api
-- function forgets only those posts' comment lists instead of every answer
-- (on a busy site, comments would otherwise empty its memory many times a
-- second). A long list (a payload holds 8,000 bytes) says just 'comments',
-- which empties everything, as any other change does.
create or replace function private.notify_comment_lists()
returns trigger
language plpgsql security invoker set search_path = '' as $$
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
create trigger comments_90_notify
  after update of post_id, parent_id, reply_to_id, author_id, content, created_at, edited_at, deleted_at or truncate
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
-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function private.edit_comment(bigint, text) to authenticated;
-- Called by private.comment_json, which the API roles run (…000350_votes.sql).
grant execute on function private.comment_card(public.comments) to anon, authenticated;
