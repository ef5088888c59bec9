-- What the `api` edge function reads: every response shape is built here,
-- where the data is, and each read request is one statement (one round trip).
--
-- The JSON shapes (post_json, comment_json) are SQL functions that return
-- one row, called in FROM (`cross join lateral private.post_json(p) j`):
-- there Postgres inlines a single-SELECT SQL function without a SET clause
-- into the calling query, subqueries and all, and plans it with that query.
-- A scalar SQL function with subqueries is not inlined: it runs as a
-- statement of its own for every row, which measured twice as slow
-- (bench/findings.md). They are security invoker, so the caller's row-level
-- security decides what they see; every name in them is schema-qualified,
-- which is what `set search_path = ''` would otherwise guarantee (and would
-- stop inlining).
--
-- Each post's and each comment's JSON kept ready, so that a page of posts or
-- comments is read, not built (measurements: bench/findings.md, "Ready JSON").
--
-- Building a post's JSON (private.post_json) costs a lookup of its author and
-- of its media, each under row-level security, and the object itself: most
-- of a Home or list read on the large archive. Here every post and comment
-- has its JSON stored ("card") without what changes on every vote: upvotes,
-- downvotes, comment_count and the caller's user_vote. A read adds those from
-- the row it reads anyway: `card || counters`.
--
-- The cards live in tables of their own, not in a column of posts or
-- comments. A post's counters are columns beside its card (post_cards): a
-- read takes both from one row, and a vote or a new comment updates that
-- narrow row, whose counters no index holds (a HOT update), never the post's
-- 2 kB row and its eleven indexes. A comment's counters stay in its row
-- (public.comments), which its thread's indexes include. The triggers below
-- rebuild a card from the other columns only, so a vote never writes one.
--
-- The shape is defined once (private.post_card, private.comment_card): the
-- triggers store it, and private.post_json / private.comment_json, which the
-- rarer reads still build row by row, are the card plus the counters.
--
-- Only security-definer functions in `private` read the cards: the tables
-- have row-level security on, no policies and no grants to the API roles,
-- and every reader returns only what the caller may read (approved posts and
-- their comments).

-- ============================================================================
-- The shapes: card (stored) and counters (added at read time)
-- ============================================================================
-- Table functions called in FROM, security invoker, without a SET clause: so
-- Postgres inlines them into the calling query (see the header).

-- A post as SPEC §3 "Post" shows it, without content (the lists show none or
-- a preview; each reader adds what it shows) and without the counters.
create or replace function private.post_card(p public.posts)
returns table (card jsonb)
language sql
stable
security invoker
rows 1
as $$
  select jsonb_build_object(
    'id', p.id,
    'title', p.title,
    'excerpt', p.excerpt,
    'tags', array_to_string(p.tags, ','),
    'citations', p.citations,
    'post_type', p.post_type,
    'status', p.status,
    'is_nsfw', p.is_nsfw,
    'is_pinned', p.is_pinned,
    'is_important', p.is_important,
    'event_timestamp', p.event_timestamp,
    'created_at', p.created_at,
    -- A deleted account's posts stay (the Privacy Policy says so), under this name.
    'author_name', case when p.author_id is null then 'Deleted user'
                        else (select pr.display_name from public.profiles pr where pr.id = p.author_id) end,
    -- What the author's name links to (private.public_author): public wherever
    -- the card is, as a published post makes its author's name public.
    'author_id', p.author_id)
  -- The media list and the first image and type, from one pass over the post's media.
  || (select jsonb_build_object(
        'media', coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'url', '/images/' || m.object_path, 'media_type', m.media_type)
                                    order by m.position, m.id), '[]'::jsonb),
        'image_url', (array_agg(m.object_path order by m.position, m.id) filter (where m.media_type = 'image'))[1],
        'media_type', (array_agg(m.media_type order by m.position, m.id))[1],
        'thumbnail_url', (array_agg(m.object_path order by m.position, m.id) filter (where m.media_type = 'image'))[1])
      from public.post_media m
      where m.post_id = p.id)
$$;

-- What a vote or a comment changes, and the caller's own vote, as JSON
-- members without braces ('"upvotes": 3, …'): the ready readers append them
-- to a stored card's text, the rarer live builds parse them (post_json).
-- Every value is a number or one of three fixed words, so nothing needs
-- escaping.
create or replace function private.post_counters(post_id bigint, upvotes integer, downvotes integer, comment_count integer)
returns table (members text)
language sql
stable
security invoker
rows 1
as $$
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

-- A comment as SPEC §3 "Comment" shows it, without the counters, and when
-- its author last edited it. One its author deleted while it had replies
-- shows what became of it, and no name.
create or replace function private.comment_card(c public.comments)
returns table (card jsonb)
language sql
stable
security invoker
rows 1
as $$
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

-- Columns rather than the row: a thread reads them from an index alone
-- (private.approved_post_comments).
create or replace function private.comment_counters(comment_id bigint, upvotes integer, downvotes integer)
returns table (members text)
language sql
stable
security invoker
rows 1
as $$
  select '"upvotes": ' || upvotes
    || ', "downvotes": ' || downvotes
    || ', "user_vote": ' || case when (select auth.uid()) is null then '"none"' else coalesce(
      (select case v.vote when 1 then '"up"' else '"down"' end
       from public.comment_votes v
       where v.comment_id = comment_counters.comment_id and v.user_id = (select auth.uid())),
      '"none"') end
$$;

-- The shapes built as they are read (pending queue, a post's detail, a
-- member's own posts): the same card and counters. private.post_json comes
-- after post_cards, below: it reads the counters there, and an SQL
-- function's body is checked when it is created.

create or replace function private.comment_json(c public.comments)
returns table (comment jsonb)
language sql
stable
security invoker
rows 1
as $$
  select k.card || ('{' || n.members || '}')::jsonb
  from private.comment_card(c) k cross join lateral private.comment_counters(c.id, c.upvotes, c.downvotes) n
$$;

-- ============================================================================
-- Info boxes of a post (SPEC §3 "Info box": id, title, content, order)
-- ============================================================================
-- Plus `entries`: the content as [key, value] pairs in the author's order,
-- which the `content` map (jsonb) does not keep.
-- PL/pgSQL: every post detail calls it (private.trim_ws says why).
create or replace function private.info_boxes_json(p_post_id bigint)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return (
    select coalesce(
      jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'content', b.content,
                                   'entries', private.info_box_entries(b.content, b.key_order), 'order', b.position)
                order by b.position, b.id),
      '[]'::jsonb)
    from public.info_boxes b
    where b.post_id = p_post_id);
end;
$$;

-- ============================================================================
-- The stored cards
-- ============================================================================
-- A card is stored as the text of its JSON members without the braces, so a
-- read appends the counters and closes it: text concatenation, where jsonb
-- would decode and encode every card on every read (three times the
-- answers a second for Home: bench/findings.md, "Ready JSON as text").
-- `preview`: the first 200 characters of the content as JSON text, which the
-- timeline shows. Taken from the content at read time, it cost a page of 31
-- posts more than all the rest: a post's content is stored compressed, so
-- each read decompressed all of it for 200 characters (bench/findings.md,
-- "The timeline's previews kept ready").
--
-- The post's counters are columns here (the header says why). Kept by the
-- triggers on post_votes and comments (…_comments_and_votes.sql); nothing
-- else writes them. `approved`: whether the post is published, kept with the
-- card (its status is on the card), so a member's counters and votes
-- (private.member_votes) need not read the post's wide row to know it may
-- show them (1.6 to 1.7 times the calls a second for the timeline's 31
-- posts: bench/findings.md, "A member's votes without the posts"). Pages
-- keep room for new versions of their rows, so that a burst of votes on one
-- post stays HOT and is pruned in place.
create table private.post_cards (
  post_id bigint primary key references public.posts (id) on delete cascade,
  members text not null,
  preview text not null,
  approved boolean not null,
  upvotes integer not null default 0 constraint post_cards_upvotes_nonnegative check (upvotes >= 0),
  downvotes integer not null default 0 constraint post_cards_downvotes_nonnegative check (downvotes >= 0),
  comment_count integer not null default 0 constraint post_cards_comment_count_nonnegative check (comment_count >= 0)
)
with (fillfactor = 70);

-- post_id, so that a thread reads its cards as one index range rather than
-- one primary-key lookup each.
create table private.comment_cards (
  comment_id bigint primary key references public.comments (id) on delete cascade,
  post_id bigint not null,
  members text not null
);
create index comment_cards_post_id_idx on private.comment_cards (post_id);

comment on table private.post_cards is
  'Each post''s JSON members without its counters and content (private.post_card), kept current by triggers, and its counters (upvotes, downvotes, comment_count), kept by the vote and comment triggers, and whether the post is approved; read by security-definer functions only.';
comment on table private.comment_cards is
  'Each comment''s JSON members without its counters (private.comment_card), kept current by triggers; read by security-definer functions only.';

alter table private.post_cards enable row level security;
alter table private.comment_cards enable row level security;
revoke all on private.post_cards, private.comment_cards from public, anon, authenticated;

-- A stored card with the counters of the row it belongs to, as JSON text
-- (a post's with `content`: null in the lists, its preview in the timeline).
-- Not granted to the API roles: only the security-definer readers below call
-- it.
create or replace function private.post_ready_json(p public.posts, with_preview boolean default false)
returns table (post text)
language sql
stable
security invoker
rows 1
as $$
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
language sql
stable
security definer
set search_path = ''
as $$
  select n.members
  from private.post_cards r
  cross join lateral private.post_counters(r.post_id, r.upvotes, r.downvotes, r.comment_count) n
  where r.post_id = p_post_id
$$;

create or replace function private.post_json(p public.posts, with_content boolean default true)
returns table (post jsonb)
language sql
stable
security invoker
rows 1
as $$
  select c.card || ('{' || private.post_counter_members(p.id) || '}')::jsonb
           || jsonb_build_object('content', case when with_content then p.content end)
  from private.post_card(p) c
$$;

-- What the timeline shows of a post's content, as JSON text.
create or replace function private.content_preview(content text)
returns text
language sql
immutable
set search_path = ''
as $$
  select to_json(left(content, 200))::text
$$;

-- A stored comment card's members with the comment's counters.
create or replace function private.comment_ready_json(card_members text, comment_id bigint, upvotes integer, downvotes integer)
returns table (comment text)
language sql
stable
security invoker
rows 1
as $$
  select '{' || card_members || ', ' || n.members || '}'
  from private.comment_counters(comment_id, upvotes, downvotes) n
$$;

-- A card's members: its JSON text without the braces (a card is never empty).
create or replace function private.card_members(card jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select substr(card::text, 2, length(card::text) - 2)
$$;

-- ============================================================================
-- Refreshing: set-based, for triggers and bulk loads (scripts/seed-large.sql)
-- ============================================================================
-- Ids whose row no longer exists are skipped (its card went with it). `= any`
-- is an index condition: the primary key is walked once, in order, for the
-- array's distinct ids (a bulk load passes 300,000; a repeated id is built
-- once, as ON CONFLICT requires).
create or replace function private.refresh_post_cards(p_post_ids bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.post_cards (post_id, members, preview, approved)
  select p.id, private.card_members(c.card), private.content_preview(p.content), p.status = 'approved'
  from public.posts p cross join lateral private.post_card(p) c
  where p.id = any (p_post_ids)
  on conflict (post_id) do update set members = excluded.members, preview = excluded.preview, approved = excluded.approved;
$$;

create or replace function private.refresh_comment_cards(p_comment_ids bigint[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.comment_cards (comment_id, post_id, members)
  select c.id, c.post_id, private.card_members(k.card)
  from public.comments c cross join lateral private.comment_card(c) k
  where c.id = any (p_comment_ids)
  on conflict (comment_id) do update set post_id = excluded.post_id, members = excluded.members;
$$;

-- ============================================================================
-- Triggers on every input of a card
-- ============================================================================
create or replace function private.posts_refresh_card()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_post_cards(array[new.id]);
  return null;
end;
$$;

create or replace function private.post_media_refresh_card()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_post_cards(array_remove(array[old.post_id, new.post_id], null));
  return null;
end;
$$;

create or replace function private.comments_refresh_card()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_comment_cards(array[new.id]);
  return null;
end;
$$;

-- A new name shows on everything its owner wrote.
create or replace function private.profiles_refresh_cards()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_post_cards(array(select p.id from public.posts p where p.author_id = new.id));
  perform private.refresh_comment_cards(array(select c.id from public.comments c where c.author_id = new.id));
  return null;
end;
$$;

-- Every column a card shows (and the content's start, its preview), and none
-- of the counters (upvotes, downvotes, comment_count): a vote must not
-- rewrite a card. author_id is cleared by the foreign key when an account is
-- deleted ("Deleted user").
create trigger posts_50_insert_card
  after insert on public.posts
  for each row execute function private.posts_refresh_card();
create trigger posts_50_update_card
  after update of author_id, title, excerpt, content, tags, citations, post_type, status, is_nsfw, is_pinned, is_important,
                  event_timestamp, created_at
  on public.posts
  for each row
  when ((old.author_id, old.title, old.excerpt, left(old.content, 200), old.tags, old.citations, old.post_type, old.status,
         old.is_nsfw, old.is_pinned, old.is_important, old.event_timestamp, old.created_at)
        is distinct from
        (new.author_id, new.title, new.excerpt, left(new.content, 200), new.tags, new.citations, new.post_type, new.status,
         new.is_nsfw, new.is_pinned, new.is_important, new.event_timestamp, new.created_at))
  execute function private.posts_refresh_card();

create trigger post_media_50_card
  after insert or update or delete on public.post_media
  for each row execute function private.post_media_refresh_card();

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
-- The most_upvotes order, apart from posts
-- ============================================================================
-- An index on the counters would make every vote write a new entry in every
-- index of their table (when they were posts' columns, the search GIN took
-- every word of the post again). Without one, a vote changes only columns no
-- index holds: a HOT update. So the score of each approved post, and its
-- index, live here: a vote updates this narrow row and its two index entries
-- as well (private.votes_count; bench/findings.md, "HOT votes"). The tags
-- too, so that a tag filter by score walks these narrow rows alone, not a
-- post's 2 kB row for every post it passes.
create table private.post_scores (
  post_id bigint primary key references public.posts (id) on delete cascade,
  score integer not null,
  tags text[] not null
);
create index post_scores_score_idx on private.post_scores (score desc, post_id desc);

comment on table private.post_scores is
  'upvotes - downvotes and the tags of each approved post, for the most_upvotes list; kept by the vote trigger and a trigger on posts.';

alter table private.post_scores enable row level security;
revoke all on private.post_scores from public, anon, authenticated;

create or replace function private.posts_refresh_score()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'approved' then
    insert into private.post_scores as s (post_id, score, tags)
    select new.id, k.upvotes - k.downvotes, new.tags from private.post_cards k where k.post_id = new.id
    on conflict (post_id) do update set score = excluded.score, tags = excluded.tags
      where (s.score, s.tags) is distinct from (excluded.score, excluded.tags);
  elsif tg_op = 'UPDATE' and old.status = 'approved' then
    delete from private.post_scores where post_id = new.id;
  end if;
  return null;
end;
$$;

create trigger posts_50_insert_score
  after insert on public.posts
  for each row
  when (new.status = 'approved')
  execute function private.posts_refresh_score();
-- A vote updates the score itself (private.votes_count).
create trigger posts_50_update_score
  after update of status, tags on public.posts
  for each row
  when ((old.status, old.tags) is distinct from (new.status, new.tags))
  execute function private.posts_refresh_score();

-- ============================================================================
-- How many published posts have each tag (the tag index, GET /api/tags)
-- ============================================================================
-- Counted as posts are published, retagged or withdrawn, not when the index
-- is read: counting on read walks the tags of every approved post. Kept from
-- private.post_scores, which holds exactly the approved posts and their tags,
-- so a post deleted with its scores row (cascade) is uncounted too. A vote
-- changes only a score, which these triggers do not look at.
create table private.tag_counts (
  tag text primary key,
  post_count integer not null constraint tag_counts_post_count_nonnegative check (post_count >= 0)
);

comment on table private.tag_counts is
  'How many approved posts have each tag; kept by triggers on private.post_scores; read by private.tag_index only.';

alter table private.tag_counts enable row level security;
revoke all on private.tag_counts from public, anon, authenticated;

-- Adds each delta to its tag's count and forgets the tags no post has any
-- more. The counts are locked in tag order first, so two approvals sharing
-- tags wait for each other instead of deadlocking. Decrements are updates: an
-- insert's row must pass the check constraint even when it then conflicts.
create or replace function private.change_tag_counts(p_tags text[], p_deltas integer[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from private.tag_counts t where t.tag = any (p_tags) order by t.tag for update;
  insert into private.tag_counts as t (tag, post_count)
  select c.tag, sum(c.delta)
  from unnest(p_tags, p_deltas) as c (tag, delta)
  group by c.tag
  having sum(c.delta) > 0
  order by c.tag
  on conflict (tag) do update set post_count = t.post_count + excluded.post_count;
  update private.tag_counts t set post_count = t.post_count + c.delta
  from (select u.tag, sum(u.delta)::integer as delta
        from unnest(p_tags, p_deltas) as u (tag, delta)
        group by u.tag
        having sum(u.delta) < 0) c
  where t.tag = c.tag;
  delete from private.tag_counts t where t.tag = any (p_tags) and t.post_count = 0;
end;
$$;

-- Statement triggers for inserts and deletes, so a bulk load
-- (scripts/seed-large.sql) counts its posts in one statement.
create or replace function private.post_scores_count_added_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_tag_counts(array_agg(u.tag), array_agg(1))
  from added_scores s cross join lateral unnest(s.tags) as u (tag);
  return null;
end;
$$;

create or replace function private.post_scores_count_removed_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_tag_counts(array_agg(u.tag), array_agg(-1))
  from removed_scores s cross join lateral unnest(s.tags) as u (tag);
  return null;
end;
$$;

create or replace function private.post_scores_count_changed_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.change_tag_counts(old.tags || new.tags,
    array_fill(-1, array[cardinality(old.tags)]) || array_fill(1, array[cardinality(new.tags)]));
  return null;
end;
$$;

create trigger post_scores_60_count_added_tags
  after insert on private.post_scores
  referencing new table as added_scores
  for each statement execute function private.post_scores_count_added_tags();
create trigger post_scores_60_count_removed_tags
  after delete on private.post_scores
  referencing old table as removed_scores
  for each statement execute function private.post_scores_count_removed_tags();
-- A row trigger: one with a transition table cannot name columns, and would then run on every vote.
create trigger post_scores_60_count_changed_tags
  after update of tags on private.post_scores
  for each row
  when (old.tags is distinct from new.tags)
  execute function private.post_scores_count_changed_tags();

-- ============================================================================
-- Home: pinnedPost, importantPosts, recentPosts (from the cards)
-- ============================================================================
-- Security definer to read the cards; Home shows approved posts only, which
-- everyone may read. JSON text, put together from the cards' text.
--
-- PL/pgSQL with a generic plan, like every reader called once per request:
-- up to Postgres 17 (what Supabase runs) a SQL function that cannot be
-- inlined (security definer, SET) plans its body again on every call (18
-- caches it: "Change SQL-language functions to use the plan cache"), and
-- planning Home took most of its time. PL/pgSQL keeps a statement's plan for
-- the session; `force_generic_plan` keeps it from planning again for each
-- time zone. Measured with pgbench, 10 clients, 100k archive: 980 calls a
-- second as a SQL function, 4,500 this way (bench/findings.md, "Plans kept").
-- Home's first paint is its pinned post, the 10 newest important posts and
-- the 20 newest of today's posts; "Show more" pages through the rest of
-- today's (private.recent_posts). A miss costs in proportion to the page:
-- with 50 of today's posts and 20 important ones (45 kB) a Home built by
-- Postgres came to 0.16 of the floor's requests a second end to end, with
-- 20 and 10 (20 kB) to 0.28 (bench/findings.md, "Home's first paint").
create or replace function private.home_posts(time_zone text default 'UTC')
returns table (
  pinned_post text,
  important_posts text,
  recent_posts text,
  -- The last of today's posts shown, when more follow: the cursor of "Show more".
  recent_next_key text,
  recent_next_id bigint
)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  recent_shown constant integer := 20;
begin
  pinned_post := coalesce((
    select j.post
    from public.posts p cross join lateral private.post_ready_json(p) j
    where p.is_pinned and p.status = 'approved'
    limit 1), 'null');
  important_posts := '[' || coalesce((
    select string_agg(j.post, ', ' order by p.created_at desc)
    from (select * from public.posts p
          where p.is_important and p.status = 'approved'
          order by p.created_at desc
          limit 10) p
    cross join lateral private.post_ready_json(p) j), '') || ']';
  -- One more than shown tells whether "Show more" has anything to show.
  select '[' || coalesce(string_agg(r.post, ', ' order by r.position) filter (where r.position <= recent_shown), '') || ']',
         case when count(*) > recent_shown then max(r.sort_key) filter (where r.position = recent_shown) end,
         case when count(*) > recent_shown then max(r.id) filter (where r.position = recent_shown) end
  into recent_posts, recent_next_key, recent_next_id
  from private.recent_posts(time_zone, recent_shown + 1, null, null) with ordinality r(post, sort_key, id, position);
  return next;
end;
$$;

-- ============================================================================
-- private.recent_posts
-- ============================================================================
-- Today's posts in p_time_zone, newest first (Home's Recent News), a page of
-- p_limit after the cursor (the creation time and id of the last post shown).
create or replace function private.recent_posts(p_time_zone text, p_limit integer, p_cursor_key text, p_cursor_id bigint)
returns table (post text, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  return query
    select j.post, p.created_at::text, p.id
    from public.posts p
    cross join lateral private.post_ready_json(p) j
    where p.status = 'approved'
      and p.created_at >= (date_trunc('day', now() at time zone p_time_zone) at time zone p_time_zone)
      -- Text, not a timestamp parameter: the cursor keeps every microsecond.
      and (p.created_at, p.id) < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
    order by p.created_at desc, p.id desc
    limit p_limit;
end;
$$;

-- The public lists (all posts, timeline) as one security-definer function.
--
-- Everyone may read approved posts, and these lists show nothing else, so
-- row-level security has nothing to add here; under it, though, Postgres may
-- not use the non-leakproof `@@` (search) and `@>` (tags) as index
-- conditions, and a rare word or tag read every approved post. Here the
-- functions apply `status = 'approved'` themselves.
--
-- A page of a search or tag filter is found one of two ways: walking the list
-- index in order and keeping the matches (fast when many posts match:
-- private.list_walk), or collecting every match through a GIN index and
-- sorting them (fast when few do: private.list_collect). Postgres cannot tell
-- which from a prefix search (`alex:*`) its statistics do not list: it
-- assumes 0.5 % of the posts match. So a short walk over the next 200 posts
-- comes first; when it finds too few matches to expect a page within 1,000,
-- the word is most likely rare, and the GIN index is asked for at most 500
-- matches: fewer, and they are every match. Otherwise a walk over the next
-- 2,000 posts fills the page; only a word between the two (more than 500
-- matches, too sparse for 2,000 posts to hold a page) collects all its
-- matches. Searches are mostly for names, which few posts have
-- (bench/findings.md, "The search walk").
--
-- The shapes asked for most (newest first with a search, tags or a day; tags
-- by score) are static statements, whose plans the session keeps; the others
-- (oldest first, a search or a day by score) are planned for exactly the
-- filters they have on every call (dynamic SQL). Planning the dynamic ones
-- took half of a search (bench/findings.md, "Static list statements").
-- Each way finds the ids of the page; one static statement then reads their
-- ready JSON in that order.

-- ============================================================================
-- private.list_walk
-- ============================================================================
-- The page's ids among the next p_walk posts in list order (p_sort) that
-- match the search and the tags (either may be null: no filter).
-- Called by private.list_approved_posts only, and so run as its owner and
-- under its settings (generic plans, enable_seqscan off).
create or replace function private.list_walk(
  p_sort text,
  p_walk integer,
  p_limit integer,
  p_query tsquery,
  p_tags text[],
  p_day_start timestamptz,
  p_day_end timestamptz,
  p_cursor_key text,
  p_cursor_id bigint
)
returns bigint[]
language plpgsql
stable
set search_path = ''
as $body$
declare
  list_source text := case p_sort when 'most_upvotes'
    then 'private.post_scores s join public.posts p on p.id = s.post_id' else 'public.posts p' end;
  list_key text := case p_sort when 'most_upvotes' then 's.score' else 'p.sort_date' end;
  list_id text := case p_sort when 'most_upvotes' then 's.post_id' else 'p.id' end;
  direction text := case p_sort when 'oldest' then 'asc' else 'desc' end;
  ids bigint[];
begin
  if p_sort = 'newest' then
    return array(
      select p.id
      from (select p.id, p.sort_date, p.search, p.tags
            from public.posts p
            where p.status = 'approved'
              and p.sort_date >= coalesce(p_day_start, '-infinity') and p.sort_date < coalesce(p_day_end, 'infinity')
              and (p.sort_date, p.id) < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
            order by p.sort_date desc, p.id desc
            limit p_walk) p
      where (p_query is null or p.search @@ p_query) and (p_tags is null or p.tags @> p_tags)
      order by p.sort_date desc, p.id desc
      limit p_limit);
  end if;
  if p_sort = 'most_upvotes' and p_query is null and p_day_start is null then
    -- By score, post_scores alone: it holds the tags too (its definition says why).
    return array(
      select s.post_id
      from (select s.post_id, s.score, s.tags
            from private.post_scores s
            where (s.score, s.post_id) < (coalesce(p_cursor_key::integer, 2147483647), coalesce(p_cursor_id, 9223372036854775807))
            order by s.score desc, s.post_id desc
            limit p_walk) s
      where p_tags is null or s.tags @> p_tags
      order by s.score desc, s.post_id desc
      limit p_limit);
  end if;
  execute format(
    'select array(select p.id from (select p.id, p.search, p.tags, %1$s as key from %2$s where %3$s order by %1$s %4$s, %5$s %4$s limit $8) p
       where ($1 is null or p.search @@ $1) and ($2 is null or p.tags @> $2) order by p.key %4$s, p.id %4$s limit $7)',
    list_key, list_source,
    concat_ws(' ', $$p.status = 'approved'$$,
      case when p_day_start is not null then 'and p.sort_date >= $3 and p.sort_date < $4' end,
      case when p_cursor_key is not null then format('and (%s, %s) %s ($5::%s, $6)', list_key, list_id,
        case direction when 'desc' then '<' else '>' end,
        case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end) end),
    direction, list_id)
    into ids
    using p_query, p_tags, p_day_start, p_day_end, p_cursor_key, p_cursor_id, p_limit, p_walk;
  return ids;
end;
$body$;

-- ============================================================================
-- private.list_collect
-- ============================================================================
-- Every match through the GIN indexes, at most p_cap of them (null: all), with
-- how many there were, and the page's ids among them. At least one of the
-- search and the tags is given. A materialized CTE is never read in list
-- order, and the limit outside stops it. The cursor is a filter here, never
-- an index condition: in a generic plan the list index would be read
-- alongside the GIN index for a third of the posts it expects the cursor to
-- leave, every post when there is no cursor. Called by
-- private.list_approved_posts only, as private.list_walk.
create or replace function private.list_collect(
  p_sort text,
  p_cap integer,
  p_limit integer,
  p_query tsquery,
  p_tags text[],
  p_day_start timestamptz,
  p_day_end timestamptz,
  p_cursor_key text,
  p_cursor_id bigint,
  out match_count integer,
  out page_ids bigint[]
)
language plpgsql
stable
set search_path = ''
as $body$
declare
  -- By score, each match's score by primary key from post_scores (joined,
  -- the planner read all of post_scores: bench/findings.md, "HOT votes").
  row_key text := case p_sort when 'most_upvotes'
    then '(select s.score from private.post_scores s where s.post_id = p.id)' else 'p.sort_date' end;
  direction text := case p_sort when 'oldest' then 'asc' else 'desc' end;
begin
  if p_sort = 'newest' and p_day_start is null and p_query is not null then
    with matches as materialized (
      select p.id, p.sort_date
      from public.posts p
      where p.search @@ p_query and p.status = 'approved' and (p_tags is null or p.tags @> p_tags)
        and (p_cursor_key is null or (p.sort_date, p.id) < (p_cursor_key::timestamptz, p_cursor_id)))
    select count(*)::integer, (array_agg(m.id order by m.sort_date desc, m.id desc))[1:p_limit]
    into match_count, page_ids
    from (select * from matches limit p_cap) m;
  elsif p_sort = 'newest' and p_day_start is null then
    with matches as materialized (
      select p.id, p.sort_date
      from public.posts p
      where p.tags @> p_tags and p.status = 'approved'
        and (p_cursor_key is null or (p.sort_date, p.id) < (p_cursor_key::timestamptz, p_cursor_id)))
    select count(*)::integer, (array_agg(m.id order by m.sort_date desc, m.id desc))[1:p_limit]
    into match_count, page_ids
    from (select * from matches limit p_cap) m;
  elsif p_sort = 'most_upvotes' and p_day_start is null and p_query is null then
    with matches as materialized (
      select p.id, s.score
      from public.posts p
      cross join lateral (select s.score from private.post_scores s where s.post_id = p.id) s
      where p.tags @> p_tags and p.status = 'approved'
        and (p_cursor_key is null or (s.score, p.id) < (p_cursor_key::integer, p_cursor_id)))
    select count(*)::integer, (array_agg(m.id order by m.score desc, m.id desc))[1:p_limit]
    into match_count, page_ids
    from (select * from matches limit p_cap) m;
  else
    execute format(
      $$with matches as materialized (select p.id, %1$s as key from public.posts p where %2$s)
        select count(*)::integer, (array_agg(p.id order by p.key %3$s, p.id %3$s))[1:$7]
        from (select * from matches limit $8) p$$,
      row_key,
      concat_ws(' and ', $$p.status = 'approved'$$,
        case when p_query is not null then 'p.search @@ $1' end,
        case when p_tags is not null then 'p.tags @> $2' end,
        case when p_day_start is not null then 'p.sort_date >= $3 and p.sort_date < $4' end,
        case when p_cursor_key is not null then format('(%s, p.id) %s ($5::%s, $6)', row_key,
          case direction when 'desc' then '<' else '>' end,
          case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end) end),
      direction)
      into match_count, page_ids
      using p_query, p_tags, p_day_start, p_day_end, p_cursor_key, p_cursor_id, p_limit, p_cap;
  end if;
end;
$body$;

-- ============================================================================
-- private.list_approved_posts
-- ============================================================================
create or replace function private.list_approved_posts(
  p_sort text,
  p_limit integer,
  p_tsquery text default null,
  p_tags text[] default null,
  p_day date default null,
  p_time_zone text default 'UTC',
  p_cursor_key text default null,
  p_cursor_id bigint default null,
  p_content_preview boolean default false
)
returns table (post text, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
-- Every way above reads an index, on purpose. When the newest posts lack a
-- common word, the short walk finds few and the GIN index is asked for at
-- most 500 matches; expecting the word in most posts, the planner would read
-- the table in physical order instead, as far as it takes to find them.
set enable_seqscan = off
as $body$
declare
  short_walk constant integer := 200;
  long_walk constant integer := 2000;
  collect_cap constant integer := 500;
  search_query tsquery := to_tsquery('simple', p_tsquery);
  tag_filter text[] := nullif(p_tags, '{}');
  found_on_short_walk integer;
  match_count integer;
  page_complete boolean;
  day_start timestamptz;
  day_end timestamptz;
  page_ids bigint[];
begin
  if p_sort is null or p_sort not in ('newest', 'oldest', 'most_upvotes') then
    raise exception 'sort must be newest, oldest or most_upvotes.' using errcode = 'PT400';
  end if;
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if p_day is not null then
    day_start := p_day::timestamp at time zone p_time_zone;
    day_end := (p_day + 1)::timestamp at time zone p_time_zone;
  end if;

  -- Newest first without search or tags: the list as it opens, the timeline
  -- and every further page of them, most of what is read. One statement
  -- (2,200 first pages a second as dynamic SQL, 11,700 this way: pgbench, 10
  -- clients, 100k archive).
  if p_sort = 'newest' and search_query is null and tag_filter is null then
    return query
      select j.post, p.sort_date::text, p.id
      from public.posts p
      cross join lateral private.post_ready_json(p, p_content_preview) j
      where p.status = 'approved'
        and p.sort_date >= coalesce(day_start, '-infinity') and p.sort_date < coalesce(day_end, 'infinity')
        and (p.sort_date, p.id) < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
      order by p.sort_date desc, p.id desc
      limit p_limit;
    return;
  end if;

  if search_query is null and tag_filter is null then
    -- Oldest first or by score, without filters: the list itself.
    page_ids := private.list_walk(p_sort, p_limit, p_limit, null, null, day_start, day_end, p_cursor_key, p_cursor_id);
  else
    page_ids := private.list_walk(p_sort, short_walk, p_limit, search_query, tag_filter, day_start, day_end, p_cursor_key, p_cursor_id);
    found_on_short_walk := cardinality(page_ids);
    page_complete := found_on_short_walk = p_limit;
    -- Too few matches on the short walk to expect a page within half the
    -- long one: most likely a word few posts have, which the GIN index lists
    -- at once; under the cap, that is every match. A search is collected too
    -- when the short walk's share of matches, over the whole archive, stays
    -- under the cap: on a small archive a name the newest posts mention a
    -- few times (the demo seed's `alex`, 9 of the newest 200 of 10,000
    -- posts, 33 in all) walked 2,000 posts of `@@` for its page: 2.5 ms
    -- against 0.4 ms on the 100k archive, where it counts as rare
    -- (bench/findings.md, "A search on a small archive").
    if not page_complete and (
         found_on_short_walk * long_walk < 2 * p_limit * short_walk
         or (search_query is not null
             and found_on_short_walk * (select greatest(c.reltuples, 0) from pg_catalog.pg_class c where c.oid = 'public.posts'::regclass)
                 < collect_cap * short_walk)) then
      select c.match_count, c.page_ids into match_count, page_ids
      from private.list_collect(p_sort, collect_cap, p_limit, search_query, tag_filter, day_start, day_end, p_cursor_key, p_cursor_id) c;
      page_complete := match_count < collect_cap;
    end if;
    if not page_complete then
      page_ids := private.list_walk(p_sort, long_walk, p_limit, search_query, tag_filter, day_start, day_end, p_cursor_key, p_cursor_id);
      if cardinality(page_ids) < p_limit then
        -- Neither few nor dense: every match, sorted.
        select c.match_count, c.page_ids into match_count, page_ids
        from private.list_collect(p_sort, null, p_limit, search_query, tag_filter, day_start, day_end, p_cursor_key, p_cursor_id) c;
      end if;
    end if;
  end if;

  -- The page's ready JSON, in the order found.
  return query
    select j.post,
           case when p_sort = 'most_upvotes' then (select s.score from private.post_scores s where s.post_id = p.id)::text
                else p.sort_date::text end,
           p.id
    from unnest(page_ids) with ordinality as page (post_id, position)
    join public.posts p on p.id = page.post_id
    cross join lateral private.post_ready_json(p, p_content_preview) j
    order by page.position;
end;
$body$;

-- ============================================================================
-- The timeline: private.timeline_posts, private.timeline_months
-- ============================================================================
-- Approved posts by event date, else creation date, newest first, with the
-- start of their content; all of them, or those of one post type (events
-- only). A page is the p_limit posts after the cursor; with p_newer, the
-- p_limit posts just before it, nearest first (the api function turns them
-- round): a timeline opened at a month pages up through these. Each way is
-- one static statement, a short scan of posts_approved_sort_date_idx or, for
-- one type, of posts_approved_type_sort_date_idx. Security definer to read
-- the cards, as the other public lists.
create or replace function private.timeline_posts(
  p_limit integer,
  p_post_type text default null,
  p_cursor_key text default null,
  p_cursor_id bigint default null,
  p_newer boolean default false
)
returns table (post text, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  -- Text, not a timestamp parameter: the cursor keeps every microsecond.
  cursor_key timestamptz := coalesce(p_cursor_key::timestamptz, case when p_newer then '-infinity'::timestamptz else 'infinity' end);
  cursor_id bigint := coalesce(p_cursor_id, case when p_newer then 0 else 9223372036854775807 end);
begin
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if p_post_type is null and not p_newer then
    return query
      select j.post, p.sort_date::text, p.id
      from public.posts p cross join lateral private.post_ready_json(p, true) j
      where p.status = 'approved' and (p.sort_date, p.id) < (cursor_key, cursor_id)
      order by p.sort_date desc, p.id desc
      limit p_limit;
  elsif p_post_type is null then
    return query
      select j.post, p.sort_date::text, p.id
      from public.posts p cross join lateral private.post_ready_json(p, true) j
      where p.status = 'approved' and (p.sort_date, p.id) > (cursor_key, cursor_id)
      order by p.sort_date, p.id
      limit p_limit;
  elsif not p_newer then
    return query
      select j.post, p.sort_date::text, p.id
      from public.posts p cross join lateral private.post_ready_json(p, true) j
      where p.status = 'approved' and p.post_type = p_post_type and (p.sort_date, p.id) < (cursor_key, cursor_id)
      order by p.sort_date desc, p.id desc
      limit p_limit;
  else
    return query
      select j.post, p.sort_date::text, p.id
      from public.posts p cross join lateral private.post_ready_json(p, true) j
      where p.status = 'approved' and p.post_type = p_post_type and (p.sort_date, p.id) > (cursor_key, cursor_id)
      order by p.sort_date, p.id
      limit p_limit;
  end if;
end;
$$;

-- The months (YYYY-MM in p_time_zone) that have posts on the timeline (of
-- p_post_type, or all), newest first: the timeline's index. One index probe
-- per month, the newest post before the month last found, so its cost is the
-- number of months, not of posts.
create or replace function private.timeline_months(p_time_zone text, p_post_type text default null)
returns table (month text)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  bound timestamptz := 'infinity';
  latest timestamptz;
  month_start timestamp;
begin
  loop
    if p_post_type is null then
      select max(p.sort_date) into latest from public.posts p where p.status = 'approved' and p.sort_date < bound;
    else
      select max(p.sort_date) into latest
      from public.posts p where p.status = 'approved' and p.post_type = p_post_type and p.sort_date < bound;
    end if;
    exit when latest is null;
    month_start := date_trunc('month', latest at time zone p_time_zone);
    month := to_char(month_start, 'YYYY-MM');
    return next;
    bound := month_start at time zone p_time_zone;
  end loop;
end;
$$;

-- ============================================================================
-- private.approved_post_comments
-- ============================================================================
-- A page of a published post's comments from the cards as JSON text, or no
-- row when the post is not published: everyone may read a published post and
-- its comments, and only those. The caller builds the comments of a post that
-- is not published (its author's or an admin's view) under row-level security.
--
-- A page is p_limit comments in thread order: top-level comments in the order
-- asked ('top': score first; else newest first), each followed by its replies,
-- oldest first. A reply's place is its top-level comment's (replies are one
-- level deep, so parent_id is that comment), so hundreds of replies to one
-- comment span pages like any other run of comments. next_after and next_id
-- name the last comment of a full page (its place in that order), from where
-- the next page starts; total is the post's comment count. The busiest thread
-- of the 100k archive (237 comments, 70 kB) was one answer.
--
-- A page reads what it shows, whatever the thread's length: the next
-- top-level comments from a partial index in the order asked, then the replies
-- of each from (parent_id, created_at) (index-only scans), then the page's
-- cards by primary key. Ordering the whole thread on every page cost 1.3 times
-- as much for the busiest thread, and more the longer the thread
-- (bench/findings.md, "A thread a page at a time").
--
-- PL/pgSQL with a generic plan, as private.home_posts says why.
create or replace function private.approved_post_comments(
  p_post_id bigint,
  p_sort text,
  p_limit integer default 100,
  p_after jsonb default null,
  p_after_id bigint default null
)
returns table (comments text, next_after text, next_id bigint, total integer)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  thread_total integer;
  wanted integer := p_limit + 1;
  after_top_score integer;
  after_top_created timestamptz;
  after_top_id bigint;
  after_is_reply boolean;
  after_created timestamptz;
  top_ids bigint[];
  top_scores integer[];
  top_created timestamptz[];
  top_upvotes integer[];
  top_downvotes integer[];
begin
  select k.comment_count into thread_total
  from public.posts p join private.post_cards k on k.post_id = p.id
  where p.id = p_post_id and p.status = 'approved';
  if not found then
    return;
  end if;
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if p_after is not null then
    if jsonb_typeof(p_after) is distinct from 'array' or jsonb_array_length(p_after) <> 5 or p_after_id is null then
      raise exception 'cursor: not a cursor this API returned.' using errcode = 'PT400';
    end if;
    after_top_score := (p_after->>0)::integer;
    after_top_created := (p_after->>1)::timestamptz;
    after_top_id := (p_after->>2)::bigint;
    after_is_reply := (p_after->>3)::boolean;
    after_created := (p_after->>4)::timestamptz;
  end if;

  -- The top-level comments that may start a place on the page: the next
  -- `wanted` after the cursor's, from a partial index in the order asked.
  if p_sort = 'top' then
    select array_agg(t.id order by t.n), array_agg(t.score order by t.n), array_agg(t.created_at order by t.n),
           array_agg(t.upvotes order by t.n), array_agg(t.downvotes order by t.n)
    into top_ids, top_scores, top_created, top_upvotes, top_downvotes
    from (select c.id, c.upvotes - c.downvotes as score, c.created_at, c.upvotes, c.downvotes,
                 row_number() over (order by c.upvotes - c.downvotes desc, c.created_at desc, c.id desc) as n
          from public.comments c
          where c.post_id = p_post_id and c.parent_id is null
            and (c.upvotes - c.downvotes, c.created_at, c.id)
                < (coalesce(after_top_score, 2147483647), coalesce(after_top_created, 'infinity'), coalesce(after_top_id, 9223372036854775807))
          order by c.upvotes - c.downvotes desc, c.created_at desc, c.id desc
          limit wanted) t;
  else
    select array_agg(t.id order by t.n), array_agg(0 order by t.n), array_agg(t.created_at order by t.n),
           array_agg(t.upvotes order by t.n), array_agg(t.downvotes order by t.n)
    into top_ids, top_scores, top_created, top_upvotes, top_downvotes
    from (select c.id, c.created_at, c.upvotes, c.downvotes,
                 row_number() over (order by c.created_at desc, c.id desc) as n
          from public.comments c
          where c.post_id = p_post_id and c.parent_id is null
            and (c.created_at, c.id) < (coalesce(after_top_created, 'infinity'), coalesce(after_top_id, 9223372036854775807))
          order by c.created_at desc, c.id desc
          limit wanted) t;
  end if;

  return query
    with tops as (
      select t.*
      from unnest(top_ids, top_scores, top_created, top_upvotes, top_downvotes)
           with ordinality t(id, score, created_at, upvotes, downvotes, n)
    ),
    placed as (
      -- The rest of the cursor's top-level comment's replies come first.
      (select 0::bigint as n, after_top_score as top_score, after_top_created as top_created_at, after_top_id as top_id,
              true as is_reply, r.created_at, r.id, r.upvotes, r.downvotes
       from public.comments r
       where r.parent_id = after_top_id
         and (r.created_at, r.id) > (case when after_is_reply then after_created else '-infinity' end,
                                     case when after_is_reply then p_after_id else 0 end)
       order by r.created_at, r.id
       limit wanted)
      union all
      select t.n, t.score, t.created_at, t.id, false, t.created_at, t.id, t.upvotes, t.downvotes
      from tops t
      union all
      select t.n, t.score, t.created_at, t.id, true, r.created_at, r.id, r.upvotes, r.downvotes
      from tops t
      cross join lateral (
        select r.created_at, r.id, r.upvotes, r.downvotes
        from public.comments r
        where r.parent_id = t.id
        order by r.created_at, r.id
        limit wanted) r
    ),
    page as (
      select pl.*, row_number() over (order by pl.n, pl.is_reply, pl.created_at, pl.id) as position
      from placed pl
      order by pl.n, pl.is_reply, pl.created_at, pl.id
      limit wanted
    )
    -- One more than the page tells whether a next page exists; the page's last names where it starts.
    select '[' || coalesce(string_agg(j.comment, ', ' order by pg.position) filter (where pg.position <= p_limit), '') || ']',
           case when count(*) > p_limit then
             (array_agg(jsonb_build_array(pg.top_score, pg.top_created_at, pg.top_id, pg.is_reply, pg.created_at)::text)
              filter (where pg.position = p_limit))[1] end,
           case when count(*) > p_limit then max(pg.id) filter (where pg.position = p_limit) end,
           thread_total
    from page pg
    join private.comment_cards r on r.comment_id = pg.id
    cross join lateral private.comment_ready_json(r.members, pg.id, pg.upvotes, pg.downvotes) j;
end;
$$;

-- ============================================================================
-- private.approved_post_detail
-- ============================================================================
-- A published post's detail (SPEC §3 "Post detail": the post with its whole
-- content, and its info boxes) as JSON text from its stored card, or null
-- when the post is not published: everyone may read a published post, and
-- only that. Built live under row-level security, the card took the author's
-- name through the profiles policy (private.has_public_contribution) and the
-- media again, and the whole post was built as jsonb: about a quarter of the
-- calls a second (bench/findings.md, "A post's detail from its card"). The
-- caller builds a post that is not published (its author's or an admin's
-- view) as before.
create or replace function private.approved_post_detail(p_post_id bigint)
returns text
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  return (
    select '{"post": {' || r.members || ', "content": ' || to_json(p.content)::text || ', ' || n.members
           || '}, "infoBoxes": ' || private.info_boxes_json(p.id)::text || '}'
    from public.posts p
    join private.post_cards r on r.post_id = p.id
    cross join lateral private.post_counters(r.post_id, r.upvotes, r.downvotes, r.comment_count) n
    where p.id = p_post_id and p.status = 'approved');
end;
$$;

-- ============================================================================
-- The tag index and author pages
-- ============================================================================
-- Every tag of a published post with how many published posts have it, most
-- used first, as a JSON list: the counts kept in private.tag_counts, so no
-- post is read.
create or replace function private.tag_index()
returns text
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  return (
    select '[' || coalesce(string_agg(jsonb_build_object('tag', t.tag, 'count', t.post_count)::text, ', '
                                      order by t.post_count desc, t.tag), '') || ']'
    from private.tag_counts t);
end;
$$;

-- An author page's heading as JSON text: the public name, the month the
-- account was made and how many published posts it has; null unless the
-- account's name is public to visitors (private.has_public_contribution, the
-- profiles policy for anon), so a page never names someone who only reads,
-- votes or suggests, nor a deleted account. Nothing else of the profile is
-- read: first and last name and the exact sign-up time stay private.
-- PL/pgSQL: has_public_contribution is defined in a later migration.
create or replace function private.public_author(p_author_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  return (
    select jsonb_build_object(
             'id', pr.id,
             'name', pr.display_name,
             'member_since', to_char(pr.created_at at time zone 'UTC', 'YYYY-MM'),
             'post_count', (select count(*) from public.posts p where p.author_id = pr.id and p.status = 'approved'))::text
    from public.profiles pr
    where pr.id = p_author_id and private.has_public_contribution(pr.id));
end;
$$;

-- An author's published posts, newest written first, a page of p_limit after
-- the cursor (the creation time and id of the last post shown), as ready
-- JSON: one range of posts_author_id_created_at_idx.
create or replace function private.author_posts(p_author_id uuid, p_limit integer, p_cursor_key text, p_cursor_id bigint)
returns table (post text, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  return query
    select j.post, p.created_at::text, p.id
    from public.posts p
    cross join lateral private.post_ready_json(p) j
    where p.author_id = p_author_id and p.status = 'approved'
      -- Text, not a timestamp parameter: the cursor keeps every microsecond.
      and (p.created_at, p.id) < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
    order by p.created_at desc, p.id desc
    limit p_limit;
end;
$$;

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
    select j.post || jsonb_build_object('info_boxes', private.info_boxes_json(p.id), 'version', p.updated_at)
    from public.posts p cross join lateral private.post_json(p) j
    where p.status = 'pending'
    order by p.created_at, p.id;
end;
$$;

-- ============================================================================
-- A member's votes, in one statement
-- ============================================================================
-- A signed-in member reads what a visitor reads (kept in the api function's
-- memory) with the current counters (comment count included) and the
-- member's own vote on each post and comment in it
-- (supabase/functions/api/middleware/shared-read.ts).
--
-- They used to be read under the member's role and claims. Setting those
-- takes a transaction (begin, set, select, commit: four round trips), and
-- switching a session's role makes Postgres plan the statement again. Measured from the api function's driver on the 100k
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
--
-- A thread's comments are found as one range of comments_post_id_created_at_idx
-- (whose included counters make it an index-only scan), hence
-- `p_comment_post_ids`, the posts the comments belong to, and the member's
-- votes as one range of comment_votes_user_id_comment_id_idx: looked up one
-- comment at a time, a thread's comments sit on as many heap pages as it has
-- comments (bench/findings.md, "A member's votes by ranges": 1,000 against
-- 1,800 calls a second for the busiest thread). A comment under a post not
-- named in `p_comment_post_ids` is not reported, as one on a post that is not
-- published.
--
-- Only what differs from the visitor's answer is reported: the api function
-- passes the counters that answer shows (aligned with the ids; null where it
-- shows none), and gets back the posts and comments whose counters changed
-- since and those the member voted on, usually a handful of rows. Returning
-- every row of the busiest thread (243) cost the function's driver 0.44 ms of
-- CPU a call to parse, about half of a signed-in read of that thread
-- (bench/findings.md, "Only what differs from the visitor's answer").
create or replace function private.member_votes(
  p_member_id uuid,
  p_post_ids bigint[],
  p_post_upvotes integer[],
  p_post_downvotes integer[],
  p_post_comment_counts integer[],
  p_comment_ids bigint[],
  p_comment_upvotes integer[],
  p_comment_downvotes integer[],
  p_comment_post_ids bigint[]
)
returns table (target text, id bigint, upvotes integer, downvotes integer, comment_count integer, user_vote text)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
-- The generic plan expects a vote or two and a few comments; a nested loop
-- would look each comment's vote up on its own.
set enable_nestloop = off
as $$
begin
  if session_user is distinct from current_user then
    raise exception 'Only the api function reads a member''s votes.' using errcode = '42501';
  end if;
  -- Each half only when asked for (a list names no comments, a thread
  -- usually no posts): a statement that finds nothing still builds its hashes.
  if cardinality(p_post_ids) > 0 then
    return query
      select 'post', k.post_id, k.upvotes, k.downvotes, k.comment_count,
             case v.vote when 1 then 'up' when -1 then 'down' else 'none' end
      from private.post_cards k
      join unnest(p_post_ids, p_post_upvotes, p_post_downvotes, p_post_comment_counts)
        as shown (post_id, upvotes, downvotes, comment_count) on shown.post_id = k.post_id
      left join (select v.post_id, v.vote from public.post_votes v
                 where v.user_id = p_member_id and v.post_id = any (p_post_ids)) v on v.post_id = k.post_id
      where k.post_id = any (p_post_ids) and k.approved
        and (v.vote is not null
             or k.upvotes is distinct from shown.upvotes
             or k.downvotes is distinct from shown.downvotes
             or k.comment_count is distinct from coalesce(shown.comment_count, k.comment_count));
  end if;
  if cardinality(p_comment_ids) > 0 then
    return query
      select 'comment', c.id, c.upvotes, c.downvotes, null::integer,
             case v.vote when 1 then 'up' when -1 then 'down' else 'none' end
      from public.posts p
      join public.comments c on c.post_id = p.id
      -- Joined, not `c.id = any (…)`, which the generic plan would rather look
      -- up in the primary key, a heap page per comment.
      join unnest(p_comment_ids, p_comment_upvotes, p_comment_downvotes)
        as shown (comment_id, upvotes, downvotes) on shown.comment_id = c.id
      left join (select v.comment_id, v.vote from public.comment_votes v
                 where v.user_id = p_member_id and v.comment_id = any (p_comment_ids)) v on v.comment_id = c.id
      where p.id = any (p_comment_post_ids) and p.status = 'approved'
        -- Said of the comments as well: the planner does not carry `= any (…)`
        -- across the join, and without it reads no range of comments.
        and c.post_id = any (p_comment_post_ids)
        and (v.vote is not null
             or c.upvotes is distinct from shown.upvotes
             or c.downvotes is distinct from shown.downvotes);
  end if;
end;
$$;

-- The api function keeps what it answered visitors in memory until the data
-- behind it changes. These triggers tell it so: one NOTIFY per statement (and
-- Postgres folds identical ones within a transaction), delivered on commit.

-- ============================================================================
-- Change notifications on everything a visitor can read
-- ============================================================================
create or replace function private.notify_public_change()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_notify('public_changes', tg_table_name);
  return null;
end;
$$;

-- Votes change only the counters (in private.post_cards, which has no such
-- trigger, and comments' upvotes and downvotes), and a comment's insert or
-- delete, which notifies anyway, changes its post's comment_count. Those
-- updates do not notify: at hundreds of votes a second nothing could be
-- kept otherwise. Visitors' answers may so show counters up to 30 s old (as a
-- CDN would); signed-in users get current ones (private.member_votes). Every
-- other column is listed (tests/db/notifications.test.ts checks it).
create trigger posts_90_notify
  after insert or delete or truncate
     or update of author_id, title, excerpt, content, tags, citations, post_type, is_nsfw, is_pinned, is_important,
                  event_timestamp, status, created_at, updated_at, reviewed_at, rejection_reason
  on public.posts
  for each statement execute function private.notify_public_change();
create trigger post_media_90_notify after insert or update or delete or truncate on public.post_media
  for each statement execute function private.notify_public_change();
create trigger info_boxes_90_notify after insert or update or delete or truncate on public.info_boxes
  for each statement execute function private.notify_public_change();
create trigger profiles_90_notify after insert or update or delete or truncate on public.profiles
  for each statement execute function private.notify_public_change();

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
grant usage on schema private to anon, authenticated;
revoke execute on function
  private.post_json(public.posts, boolean),
  private.info_boxes_json(bigint),
  private.comment_json(public.comments),
  private.home_posts(text),
  private.recent_posts(text, integer, text, bigint),
  private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean),
  private.timeline_posts(integer, text, text, bigint, boolean),
  private.timeline_months(text, text),
  private.pending_posts(),
  private.notify_public_change()
from public;
grant execute on function
  private.post_json(public.posts, boolean),
  private.info_boxes_json(bigint),
  private.comment_json(public.comments),
  private.home_posts(text),
  private.recent_posts(text, integer, text, bigint),
  private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean),
  private.timeline_posts(integer, text, text, bigint, boolean),
  private.timeline_months(text, text)
to anon, authenticated;
grant execute on function private.pending_posts() to authenticated;
revoke execute on function
  private.change_tag_counts(text[], integer[]),
  private.post_scores_count_added_tags(),
  private.post_scores_count_removed_tags(),
  private.post_scores_count_changed_tags(),
  private.tag_index(),
  private.public_author(uuid),
  private.author_posts(uuid, integer, text, bigint)
from public;
grant execute on function
  private.tag_index(),
  private.public_author(uuid),
  private.author_posts(uuid, integer, text, bigint)
to anon, authenticated;
revoke execute on function
  private.post_card(public.posts),
  private.post_counters(bigint, integer, integer, integer),
  private.post_counter_members(bigint),
  private.comment_card(public.comments),
  private.comment_counters(bigint, integer, integer),
  private.post_ready_json(public.posts, boolean),
  private.content_preview(text),
  private.comment_ready_json(text, bigint, integer, integer),
  private.card_members(jsonb),
  private.refresh_post_cards(bigint[]),
  private.refresh_comment_cards(bigint[]),
  private.posts_refresh_card(),
  private.post_media_refresh_card(),
  private.comments_refresh_card(),
  private.profiles_refresh_cards(),
  private.posts_refresh_score(),
  private.approved_post_comments(bigint, text, integer, jsonb, bigint),
  private.approved_post_detail(bigint),
  private.list_walk(text, integer, integer, tsquery, text[], timestamptz, timestamptz, text, bigint),
  private.list_collect(text, integer, integer, tsquery, text[], timestamptz, timestamptz, text, bigint)
from public;
-- post_json and comment_json are security invoker and granted to the API
-- roles: what they call must be too (their rows are read under the caller's
-- row-level security).
grant execute on function
  private.post_card(public.posts),
  private.post_counter_members(bigint),
  private.comment_card(public.comments),
  private.comment_counters(bigint, integer, integer),
  private.approved_post_comments(bigint, text, integer, jsonb, bigint),
  private.approved_post_detail(bigint)
to anon, authenticated;
-- The api function's sessions run as anon (supabase/functions/_shared/db.ts).
revoke execute on function private.member_votes(uuid, bigint[], integer[], integer[], integer[], bigint[], integer[], integer[], bigint[]), private.notify_comment_lists() from public;
grant execute on function private.member_votes(uuid, bigint[], integer[], integer[], integer[], bigint[], integer[], integer[], bigint[]) to anon;
