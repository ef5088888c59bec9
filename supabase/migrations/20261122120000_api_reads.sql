-- What the `api` edge function reads: every response shape is built here,
-- where the data is, and each read request is one statement (one round trip).
--
-- The JSON shapes (post_json, comment_json) are SQL functions that return
-- one row, called in FROM (`cross join lateral private.post_json(p) j`):
-- there Postgres inlines a single-SELECT SQL function without a SET clause
-- into the calling query, subqueries and all, and plans it with that query.
-- A scalar SQL function with subqueries is not inlined: it runs as a
-- statement of its own for every row, which measured twice as slow
-- (bench/findings.md). Each post costs two lookups
-- (author, media) and, for a signed-in caller, a third (their vote). They are
-- security invoker, so the caller's row-level security decides what they
-- see; every name in them is schema-qualified, which is what
-- `set search_path = ''` would otherwise guarantee (and would stop inlining).

-- ============================================================================
-- Post as JSON (SPEC §3 "Post")
-- ============================================================================
create or replace function private.post_json(p public.posts, with_content boolean default true)
returns table (post jsonb)
language sql
stable
security invoker
rows 1
as $$
  select jsonb_build_object(
    'id', p.id,
    'title', p.title,
    'excerpt', p.excerpt,
    'content', case when with_content then p.content end,
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
    'upvotes', p.upvotes,
    'downvotes', p.downvotes,
    'comment_count', p.comment_count,
    -- A visitor has no votes: no lookup per post.
    'user_vote', case when (select auth.uid()) is null then 'none' else coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.post_votes v
       where v.post_id = p.id and v.user_id = (select auth.uid())),
      'none') end
  )
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

-- ============================================================================
-- Info boxes of a post (SPEC §3 "Info box": id, title, content, order)
-- ============================================================================
create or replace function private.info_boxes_json(p_post_id bigint)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'content', b.content, 'order', b.position)
              order by b.position, b.id),
    '[]'::jsonb)
  from public.info_boxes b
  where b.post_id = p_post_id
$$;

-- ============================================================================
-- Comment as JSON (SPEC §3 "Comment")
-- ============================================================================
create or replace function private.comment_json(c public.comments)
returns table (comment jsonb)
language sql
stable
security invoker
rows 1
as $$
  select jsonb_build_object(
    'id', c.id,
    'post_id', c.post_id,
    'content', c.content,
    'parent_id', c.parent_id,
    'author_name', case when c.author_id is null then 'Deleted user'
                        else (select pr.display_name from public.profiles pr where pr.id = c.author_id) end,
    'created_at', c.created_at,
    'upvotes', c.upvotes,
    'downvotes', c.downvotes,
    'user_vote', case when (select auth.uid()) is null then 'none' else coalesce(
      (select case v.vote when 1 then 'up' else 'down' end
       from public.comment_votes v
       where v.comment_id = c.id and v.user_id = (select auth.uid())),
      'none') end)
$$;

-- ============================================================================
-- Home: pinnedPost, importantPosts, recentPosts
-- ============================================================================
create or replace function private.home_posts(time_zone text default 'UTC')
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'pinnedPost', (
      select j.post
      from public.posts p cross join lateral private.post_json(p, false) j
      where p.is_pinned and p.status = 'approved'
      limit 1),
    'importantPosts', coalesce((
      select jsonb_agg(j.post order by p.created_at desc)
      from (select * from public.posts p
            where p.is_important and p.status = 'approved'
            order by p.created_at desc
            limit 20) p
      cross join lateral private.post_json(p, false) j), '[]'::jsonb),
    'recentPosts', coalesce((
      select jsonb_agg(j.post order by p.created_at desc)
      from (select * from public.posts p
            where p.status = 'approved'
              and p.created_at >= (date_trunc('day', now() at time zone time_zone) at time zone time_zone)
            order by p.created_at desc
            limit 50) p
      cross join lateral private.post_json(p, false) j), '[]'::jsonb)
  )
$$;

-- The public lists (all posts, timeline) as one security-definer function.
--
-- Everyone may read approved posts, and these lists show nothing else, so
-- row-level security has nothing to add here; under it, though, Postgres may
-- not use the non-leakproof `@@` (search) and `@>` (tags) as index
-- conditions, and a rare word or tag read every approved post. Here the
-- function applies `status = 'approved'` itself, and each call is planned
-- for exactly the filters it has (dynamic SQL).
--
-- A page of a search or tag filter is found one of two ways: walking the
-- list index in order and keeping the matches (fast when many posts match),
-- or collecting every match through the GIN index and sorting them (fast
-- when few do). Postgres cannot tell which from a prefix search (`alex:*`)
-- its statistics do not list: it assumes 0.5 % of the posts match and walks,
-- and for a rare word it reads a large part of the archive to fill a page
-- (bench/findings.md). So the walk is tried first on the next 2,000 posts in
-- list order (a few milliseconds at most); when they do not fill the page,
-- the matches are collected instead. A common word fills its page within
-- the first hundred posts.

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
returns table (post jsonb, sort_key text, id bigint)
language plpgsql
stable
security definer
set search_path = ''
as $body$
declare
  key_sql text := case p_sort when 'most_upvotes' then '(p.upvotes - p.downvotes)' else 'p.sort_date' end;
  key_type text := case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end;
  direction text := case p_sort when 'oldest' then 'asc' else 'desc' end;
  walk_window constant integer := 2000;
  day_start timestamptz;
  day_end timestamptz;
  in_list text;
  matching text;
  order_by text;
  found_in_window integer;
  source text := 'public.posts p';
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

  -- What the list index serves: the approved posts of the day, after the cursor.
  in_list := concat_ws(' ',
    $$p.status = 'approved'$$,
    case when p_day is not null then 'and p.sort_date >= $3 and p.sort_date < $4' end,
    case when p_cursor_key is not null
      then format('and (%s, p.id) %s ($5::%s, $6)', key_sql, case direction when 'desc' then '<' else '>' end, key_type)
    end);
  -- What the GIN indexes serve.
  matching := concat_ws(' and ',
    case when p_tsquery is not null then $$p.search @@ to_tsquery('simple', $1)$$ end,
    case when cardinality(p_tags) > 0 then 'p.tags @> $2' end);
  order_by := format('%s %s, p.id %s', key_sql, direction, direction);

  if matching <> '' then
    execute format(
      'select count(*) from (select from (select p.search, p.tags from public.posts p where %s order by %s limit %s) p where %s limit $7) m',
      in_list, order_by, walk_window, matching)
      into found_in_window
      using p_tsquery, p_tags, day_start, day_end, p_cursor_key, p_cursor_id, p_limit;
    if found_in_window < p_limit then
      -- A materialized CTE is read through the GIN indexes, never in list order.
      source := format('(with matches as materialized (select * from public.posts p where %s and %s) select * from matches) p',
                       in_list, matching);
    end if;
    in_list := in_list || ' and ' || matching;
  end if;

  return query execute format(
    $query$
      select j.post %s, %s::text, p.id
      from %s cross join lateral private.post_json(p, false) j
      where %s
      order by %s
      limit $7
    $query$,
    case when p_content_preview then $$|| jsonb_build_object('content', left(p.content, 200))$$ else '' end,
    key_sql, source, in_list, order_by)
  using p_tsquery, p_tags, day_start, day_end, p_cursor_key, p_cursor_id, p_limit;
end;
$body$;

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

-- The api function keeps what it answered visitors in memory until the data
-- behind it changes. These triggers tell it so: one NOTIFY per statement (and
-- Postgres folds identical ones within a transaction), delivered on commit.

-- ============================================================================
-- private.current_votes
-- ============================================================================
-- A signed-in user reads the same posts and comments as a visitor, except for
-- `user_vote`. The api function therefore answers a user's read with the
-- visitor's answer (kept in its memory) plus, from this one query on primary
-- keys, the current vote counters of the posts and comments in it (a kept
-- answer's counters may be up to 30 s old, see the notifications below) and
-- the user's own vote on each. Security invoker: row-level security applies.
create or replace function private.current_votes(p_post_ids bigint[], p_comment_ids bigint[])
returns table (target text, id bigint, upvotes integer, downvotes integer, user_vote text)
language sql
stable
security invoker
set search_path = ''
as $$
  select 'post', p.id, p.upvotes, p.downvotes, coalesce(
    (select case v.vote when 1 then 'up' else 'down' end
     from public.post_votes v
     where v.post_id = p.id and v.user_id = (select auth.uid())),
    'none')
  from public.posts p
  where p.id = any (p_post_ids)
  union all
  select 'comment', c.id, c.upvotes, c.downvotes, coalesce(
    (select case v.vote when 1 then 'up' else 'down' end
     from public.comment_votes v
     where v.comment_id = c.id and v.user_id = (select auth.uid())),
    'none')
  from public.comments c
  where c.id = any (p_comment_ids)
$$;

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

-- Votes change only the counters (upvotes, downvotes), and comments change
-- comment_count along with a comment insert or delete that notifies anyway.
-- Those updates do not notify: at hundreds of votes a second nothing could be
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
create trigger comments_90_notify
  after insert or delete or truncate or update of post_id, parent_id, reply_to_id, author_id, content, created_at
  on public.comments
  for each statement execute function private.notify_public_change();
create trigger profiles_90_notify after insert or update or delete or truncate on public.profiles
  for each statement execute function private.notify_public_change();

-- ============================================================================
-- Privileges
-- ============================================================================
grant usage on schema private to anon, authenticated;
revoke execute on function
  private.post_json(public.posts, boolean),
  private.info_boxes_json(bigint),
  private.comment_json(public.comments),
  private.home_posts(text),
  private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean),
  private.pending_posts(),
  private.current_votes(bigint[], bigint[]),
  private.notify_public_change()
from public;
grant execute on function
  private.post_json(public.posts, boolean),
  private.info_boxes_json(bigint),
  private.comment_json(public.comments),
  private.home_posts(text),
  private.list_approved_posts(text, integer, text, text[], date, text, text, bigint, boolean)
to anon, authenticated;
grant execute on function private.pending_posts() to authenticated;
grant execute on function private.current_votes(bigint[], bigint[]) to authenticated;
