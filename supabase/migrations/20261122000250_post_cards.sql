-- Each post's JSON kept ready ("card"), the counters beside it, the
-- most_upvotes scores and the tag counts: the read model the readers
-- (…120000_readers_lists.sql, …120100_readers_threads_and_authors.sql) serve
-- from, so that a page of posts is read, not built (bench/findings.md,
-- "Ready JSON"). Comments have theirs in …000300_comments.sql.
--
-- A card is the post without what changes on every vote (upvotes,
-- downvotes, comment_count and the caller's user_vote); a read adds those
-- from the row it reads anyway: `card || counters` (…000350_votes.sql).
-- A post's counters are columns beside its card, so a vote or a new comment
-- updates that narrow row (a HOT update) and never the post's wide row and
-- its indexes (bench/findings.md, "Counters beside the card").
--
-- The shapes are SQL functions that return one row, called in FROM
-- (`cross join lateral private.post_card(p) c`), security invoker and without
-- a SET clause, so Postgres inlines them into the calling query; a scalar SQL
-- function with subqueries would run as a statement of its own for every
-- row. Every name in them is schema-qualified, as `set search_path = ''`
-- would otherwise guarantee (and would stop inlining).
--
-- Only security-definer functions in `private` read the cards: the tables
-- have row-level security on, no policies and no grants to the API roles,
-- and every reader returns only what the caller may read.

-- ============================================================================
-- The shape of a card
-- ============================================================================

-- A post as SPEC §3 "Post" shows it, without content (the lists show none or
-- a preview; each reader adds what it shows) and without the counters.
create or replace function private.post_card(p public.posts)
returns table (card jsonb)
language sql stable security invoker rows 1 as $$
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
  -- The media list (with each image's stored size, so pages reserve its room) and the first image and type,
  -- from one pass over the post's media.
  -- thumbnail_url is the first image at card size, site-relative like every media URL: /renditions/* is
  -- the site's path to Storage's image transformations (docs/deploy.md, "Images sized for their slot");
  -- a project whose plan has none points that path at the originals, so the URL works on every plan.
  || (select jsonb_build_object(
        'media', coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'url', '/images/' || m.object_path, 'media_type', m.media_type,
                                                       'width', m.width, 'height', m.height)
                                    order by m.position, m.id), '[]'::jsonb),
        'image_url', (array_agg(m.object_path order by m.position, m.id) filter (where m.media_type = 'image'))[1],
        'media_type', (array_agg(m.media_type order by m.position, m.id))[1],
        'thumbnail_url', '/renditions/'
                         || (array_agg(m.object_path order by m.position, m.id) filter (where m.media_type = 'image'))[1]
                         || '?width=640&quality=75')
      from public.post_media m
      where m.post_id = p.id)
$$;

-- ============================================================================
-- Info boxes of a post (SPEC §3 "Info box": id, title, content, order)
-- ============================================================================
-- Plus `entries`: the content as [key, value] pairs in the author's order,
-- which the `content` map (jsonb) does not keep.
-- PL/pgSQL: every post detail calls it (private.trim_ws says why).
create or replace function private.info_boxes_json(p_post_id bigint)
returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
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
-- would decode and encode every card on every read (bench/findings.md,
-- "Ready JSON as text"). `preview`: the first 200 characters of the content
-- as JSON text, which the timeline shows, kept because the content is
-- stored compressed and reading it whole for 200 characters dominated a
-- timeline page (bench/findings.md, "The timeline's previews kept ready").
--
-- The post's counters are columns here (the header says why), kept by the
-- comment and vote triggers (…000300_comments.sql, …000350_votes.sql);
-- nothing else writes them. `approved`: whether the post is published, kept
-- with the card, so a member's counters and votes (private.member_votes)
-- need not read the post's wide row to know it may show them
-- (bench/findings.md, "A member's votes without the posts"). Pages keep room
-- for new versions of their rows, so that a burst of votes on one post stays
-- HOT and is pruned in place.
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
comment on table private.post_cards is
  'Each post''s JSON members without its counters and content (private.post_card), kept current by triggers, and its counters (upvotes, downvotes, comment_count), kept by the vote and comment triggers, and whether the post is approved; read by security-definer functions only.';

alter table private.post_cards enable row level security;
revoke all on private.post_cards from public, anon, authenticated;

-- What the timeline shows of a post's content, as JSON text.
create or replace function private.content_preview(content text)
returns text
language sql immutable set search_path = '' as $$
  select to_json(left(content, 200))::text
$$;

-- A card's members: its JSON text without the braces (a card is never empty).
create or replace function private.card_members(card jsonb)
returns text
language sql immutable set search_path = '' as $$
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
language sql security definer set search_path = '' as $$
  insert into private.post_cards (post_id, members, preview, approved)
  select p.id, private.card_members(c.card), private.content_preview(p.content), p.status = 'approved'
  from public.posts p cross join lateral private.post_card(p) c
  where p.id = any (p_post_ids)
  on conflict (post_id) do update set members = excluded.members, preview = excluded.preview, approved = excluded.approved;
$$;

-- ============================================================================
-- Triggers on every input of a card
-- ============================================================================
create or replace function private.posts_refresh_card()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_post_cards(array[new.id]);
  return null;
end;
$$;

create or replace function private.post_media_refresh_card()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_post_cards(array_remove(array[old.post_id, new.post_id], null));
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
-- post's wide row for every post it passes.
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
language plpgsql security definer set search_path = '' as $$
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
language plpgsql security definer set search_path = '' as $$
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
-- (scripts/seed-large.sql) counts its posts in one statement. Both name
-- their transition table listed_scores: the rows added or removed.
create or replace function private.post_scores_count_listed_tags()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.change_tag_counts(array_agg(u.tag), array_agg(case tg_op when 'INSERT' then 1 else -1 end))
  from listed_scores s cross join lateral unnest(s.tags) as u (tag);
  return null;
end;
$$;

create or replace function private.post_scores_count_changed_tags()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.change_tag_counts(old.tags || new.tags,
    array_fill(-1, array[cardinality(old.tags)]) || array_fill(1, array[cardinality(new.tags)]));
  return null;
end;
$$;

create trigger post_scores_60_count_added_tags
  after insert on private.post_scores
  referencing new table as listed_scores
  for each statement execute function private.post_scores_count_listed_tags();
create trigger post_scores_60_count_removed_tags
  after delete on private.post_scores
  referencing old table as listed_scores
  for each statement execute function private.post_scores_count_listed_tags();
-- A row trigger: one with a transition table cannot name columns, and would then run on every vote.
create trigger post_scores_60_count_changed_tags
  after update of tags on private.post_scores
  for each row
  when (old.tags is distinct from new.tags)
  execute function private.post_scores_count_changed_tags();

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
-- Called by private.post_json, which the API roles run (…000350_votes.sql).
grant execute on function private.info_boxes_json(bigint), private.post_card(public.posts) to anon, authenticated;
