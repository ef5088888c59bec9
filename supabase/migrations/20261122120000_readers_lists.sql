-- The readers of the public lists: Home, the lists of posts (search, tags,
-- a day, an order) and the timeline. Each builds one answer of the api
-- function in one statement, from the stored cards (…000250_post_cards.sql).

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
-- time zone (bench/findings.md, "Plans kept").
-- Home's first paint is its pinned post, the 10 newest important posts and
-- the 20 newest of today's posts; "Show more" pages through the rest of
-- today's (private.recent_posts): a cache miss costs in proportion to the
-- page (bench/findings.md, "Home's first paint").
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
begin
  perform private.require_page_limit(p_limit);
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
-- filters they have on every call (dynamic SQL), whose planning is a large
-- share of a search (bench/findings.md, "Static list statements").
-- Each way finds the ids of the page; one static statement then reads their
-- ready JSON in that order.

-- The keyset condition of the dynamic list statements: the row's (key, id)
-- after the cursor ($5, $6) in the order of p_sort.
create or replace function private.list_cursor_condition(p_sort text, p_key text, p_id text)
returns text
language sql immutable set search_path = '' as $$
  select format('(%s, %s) %s ($5::%s, $6)', p_key, p_id,
    case p_sort when 'oldest' then '>' else '<' end,
    case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end)
$$;

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
language plpgsql stable set search_path = '' as $body$
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
      case when p_cursor_key is not null then 'and ' || private.list_cursor_condition(p_sort, list_key, list_id) end),
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
        case when p_cursor_key is not null then private.list_cursor_condition(p_sort, row_key, 'p.id') end),
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
  p_search jsonb default null,
  p_tags text[] default null,
  p_day date default null,
  p_time_zone text default 'UTC',
  p_cursor_key text default null,
  p_cursor_id bigint default null,
  p_content_preview boolean default false
)
returns table (post text, sort_key text, id bigint)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan
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
  search_query tsquery := private.search_tsquery(p_search);
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
  perform private.require_page_limit(p_limit);
  if p_day is not null then
    day_start := p_day::timestamp at time zone p_time_zone;
    day_end := (p_day + 1)::timestamp at time zone p_time_zone;
  end if;

  -- Newest first without search or tags: the list as it opens, the timeline
  -- and every further page of them, most of what is read: one static
  -- statement, whose plan the session keeps (bench/findings.md, "Static list
  -- statements").
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
    -- few times (the demo seed's `alex`) otherwise walked the whole long walk
    -- for its page (bench/findings.md, "A search on a small archive").
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  -- Text, not a timestamp parameter: the cursor keeps every microsecond.
  cursor_key timestamptz := coalesce(p_cursor_key::timestamptz, case when p_newer then '-infinity'::timestamptz else 'infinity' end);
  cursor_id bigint := coalesce(p_cursor_id, case when p_newer then 0 else 9223372036854775807 end);
begin
  perform private.require_page_limit(p_limit);
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
language plpgsql stable security definer set search_path = '' set plan_cache_mode = force_generic_plan as $$
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
-- Privileges
-- ============================================================================
revoke execute on function
  private.list_cursor_condition(text, text, text),
  private.home_posts(text),
  private.recent_posts(text, integer, text, bigint),
  private.list_approved_posts(text, integer, jsonb, text[], date, text, text, bigint, boolean),
  private.list_walk(text, integer, integer, tsquery, text[], timestamptz, timestamptz, text, bigint),
  private.list_collect(text, integer, integer, tsquery, text[], timestamptz, timestamptz, text, bigint),
  private.timeline_posts(integer, text, text, bigint, boolean),
  private.timeline_months(text, text)
from public;
grant execute on function
  private.home_posts(text),
  private.recent_posts(text, integer, text, bigint),
  private.list_approved_posts(text, integer, jsonb, text[], date, text, text, bigint, boolean),
  private.timeline_posts(integer, text, text, bigint, boolean),
  private.timeline_months(text, text)
to anon, authenticated;
