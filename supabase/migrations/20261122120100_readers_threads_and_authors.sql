-- The readers of one post and one author: a thread's comments a page at a
-- time, a post's detail, the tag index, author pages, the review queue, and
-- a member's votes and current counters beside a visitor's kept answer.

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
-- the next page starts; total is the post's comment count.
--
-- A page reads what it shows, whatever the thread's length: the next
-- top-level comments from a partial index in the order asked, then the replies
-- of each from (parent_id, created_at) (index-only scans), then the page's
-- cards by primary key, where ordering the whole thread on every page costs
-- more the longer the thread (bench/findings.md, "A thread a page at a time").
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
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
  perform private.require_page_limit(p_limit);
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
-- media again, and the whole post was built as jsonb (bench/findings.md,
-- "A post's detail from its card"). The
-- caller builds a post that is not published (its author's or an admin's
-- view) as before.
create or replace function private.approved_post_detail(p_post_id bigint)
returns text
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
begin
  return (
    select '[' || coalesce(string_agg(jsonb_build_object('tag', t.tag, 'count', t.post_count)::text, ', '
                                      order by t.post_count desc, t.tag), '') || ']'
    from private.tag_counts t);
end;
$$;

-- An author page's heading as JSON text: the public name, the month the
-- account was made (Auth's sign-up time: the profile row can be younger, as
-- a seed or restore makes it later) and how many published posts it has;
-- null unless the
-- account's name is public to visitors (private.has_public_contribution, the
-- profiles policy for anon), so a page never names someone who only reads,
-- votes or suggests, nor a deleted account. Nothing else of the profile is
-- read: first and last name and the exact sign-up time stay private.
-- PL/pgSQL with a generic plan, as private.home_posts says why.
create or replace function private.public_author(p_author_id uuid)
returns text
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
begin
  return (
    select jsonb_build_object(
             'id', pr.id,
             'name', pr.display_name,
             'member_since', to_char(least(u.created_at, pr.created_at) at time zone 'UTC', 'YYYY-MM'),
             'post_count', (select count(*) from public.posts p where p.author_id = pr.id and p.status = 'approved'))::text
    from public.profiles pr
    left join auth.users u on u.id = pr.id
    where pr.id = p_author_id and private.has_public_contribution(pr.id));
end;
$$;

-- An author's published posts, newest published first (when an admin
-- approved it, else when it was written: the feeds' published date), a page
-- of p_limit after the cursor (the publication time and id of the last post
-- shown), as ready JSON with that date as published_at, which the page
-- shows beside each post: one range of posts_author_id_published_at_idx.
create or replace function private.author_posts(p_author_id uuid, p_limit integer, p_cursor_key text, p_cursor_id bigint)
returns table (post text, sort_key text, id bigint)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
begin
  perform private.require_page_limit(p_limit);
  return query
    select left(j.post, -1) || ', "published_at": ' || to_json(coalesce(p.reviewed_at, p.created_at))::text || '}',
           coalesce(p.reviewed_at, p.created_at)::text, p.id
    from public.posts p
    cross join lateral private.post_ready_json(p) j
    where p.author_id = p_author_id and p.status = 'approved'
      -- Text, not a timestamp parameter: the cursor keeps every microsecond.
      and (coalesce(p.reviewed_at, p.created_at), p.id) < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
    order by coalesce(p.reviewed_at, p.created_at) desc, p.id desc
    limit p_limit;
end;
$$;

-- The review queue as one security-definer function: it checks the admin role
-- itself, then reads the pending posts without row-level security, whose
-- non-leakproof `status = 'pending'` kept the planner from the partial index
-- (posts_pending_created_at_idx) and made it read every post. Each post comes
-- with its sources, so the review panel asks once, not once per card; the
-- panel reads the queue a page at a time, oldest first, with how many wait.

-- ============================================================================
-- private.pending_posts
-- ============================================================================
create or replace function private.pending_posts(p_limit integer default null, p_after_key text default null, p_after_id bigint default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  -- Review means someone else's: a moderator's own posts are not in their queue (private.lock_pending_post).
  own_too boolean := private.is_admin();
begin
  perform private.require_queue_page(p_limit, p_after_key, p_after_id::text, 'a post');
  return (
    -- Without a limit, every pending post (the SPEC's call); with one, a page
    -- and one more, which tells whether another page follows.
    with page as (
      select p.id, p.created_at, row_number() over (order by p.created_at, p.id) as position
      from public.posts p
      where p.status = 'pending'
        and (own_too or p.author_id is distinct from uid)
        and (p.created_at, p.id) > (coalesce(p_after_key::timestamptz, '-infinity'), coalesce(p_after_id, 0))
      order by p.created_at, p.id
      limit p_limit + 1
    )
    select jsonb_build_object(
      'posts', (
        select coalesce(jsonb_agg(j.post || jsonb_build_object('info_boxes', private.info_boxes_json(p.id), 'version', p.updated_at,
                                                               'sources', private.post_sources_json(p.id))
                        order by g.position), '[]'::jsonb)
        from page g join public.posts p on p.id = g.id cross join lateral private.post_json(p) j
        where p_limit is null or g.position <= p_limit),
      'next', (
        select jsonb_build_object('key', g.created_at::text, 'id', g.id)
        from page g
        where g.position = p_limit and exists (select 1 from page later where later.position > p_limit)),
      'total', (select count(*) from public.posts p where p.status = 'pending' and (own_too or p.author_id is distinct from uid)))
  );
end;
$$;

-- ============================================================================
-- A member's votes, in one statement
-- ============================================================================
-- A signed-in member reads what a visitor reads (kept in the api function's
-- memory) with the current counters (comment count included) and the
-- member's own vote on each post and comment in it
-- (supabase/functions/api/read-cache/shared-read.ts).
--
-- They used to be read under the member's role and claims. Setting those
-- takes a transaction (begin, set, select, commit: four round trips), and
-- switching a session's role makes Postgres plan the statement again, so one
-- statement is several times faster (bench/findings.md, "A member's votes").
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
-- comments (bench/findings.md, "A member's votes by ranges"). A comment under a post not
-- named in `p_comment_post_ids` is not reported, as one on a post that is not
-- published.
--
-- Only what differs from the visitor's answer is reported: the api function
-- passes the counters that answer shows (aligned with the ids; null where it
-- shows none), and gets back the posts and comments whose counters changed
-- since and those the member voted on, usually a handful of rows: parsing
-- every row of a busy thread was a large share of a signed-in read
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan
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

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.approved_post_comments(bigint, text, integer, jsonb, bigint),
  private.approved_post_detail(bigint),
  private.tag_index(),
  private.public_author(uuid),
  private.author_posts(uuid, integer, text, bigint),
  private.pending_posts(integer, text, bigint)
from public;
grant execute on function
  private.approved_post_comments(bigint, text, integer, jsonb, bigint),
  private.approved_post_detail(bigint),
  private.tag_index(),
  private.public_author(uuid),
  private.author_posts(uuid, integer, text, bigint)
to anon, authenticated;
grant execute on function private.pending_posts(integer, text, bigint) to authenticated;
-- The api function's sessions run as anon (supabase/functions/api/db/lanes.ts).
revoke execute on function private.member_votes(uuid, bigint[], integer[], integer[], integer[], bigint[], integer[], integer[], bigint[]) from public;
grant execute on function private.member_votes(uuid, bigint[], integer[], integer[], integer[], bigint[], integer[], integer[], bigint[]) to anon;
