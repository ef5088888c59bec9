-- The readers of a search: Best match and the filters the plain lists do not
-- have (author, type, a date range, sources, media), the number of results,
-- and each result's matched words in context. The plain lists, and a search
-- ordered by date or score with only tags or a day: …120000_readers_lists.sql.
-- The search language itself: …000190_search_language.sql.

-- ============================================================================
-- Filters
-- ============================================================================
-- Folds case and accents as the search configurations do. Immutable for
-- callers that need it so; unaccent's dictionary is fixed per release.
create or replace function private.fold_text(value text)
returns text
language sql immutable parallel safe set search_path = '' as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;

-- The members an `author:` filter names: the whole display name, case and
-- accents aside, or for a one-word value, any author with that word in their
-- name ("sato" finds "Hana Sato").
create or replace function private.authors_named(p_names text[])
returns uuid[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(pr.id), '{}')
  from public.profiles pr
  where exists (
    select 1 from unnest(p_names) as n (name)
    where private.fold_text(pr.display_name) = private.fold_text(btrim(n.name))
       or (btrim(n.name) !~ '\s' and private.fold_text(btrim(n.name)) = any (regexp_split_to_array(private.fold_text(pr.display_name), '\s+'))))
$$;

-- The conditions of a search, as SQL over `p` naming the parameters of
-- private.search_posts's and private.search_total's statements:
-- $1 query, $2 tags, $3 authors, $4 types, $5 from, $6 to, $7 a phrase's pairs.
-- Only fixed text is put together here; every value is a parameter.
create or replace function private.search_conditions(
  p_query tsquery, p_tags text[], p_authors uuid[], p_types text[],
  p_from timestamptz, p_to timestamptz, p_pairs tsquery, p_has_sources boolean, p_has_media boolean)
returns text
language sql immutable set search_path = '' as $$
  select concat_ws(' and ', $c$p.status = 'approved'$c$,
    case when p_query is not null then 'p.search @@ $1' end,
    case when p_tags is not null then 'p.tags @> $2' end,
    case when p_authors is not null then 'p.author_id = any ($3)' end,
    -- One type as an equality, which posts_approved_type_sort_date_idx walks in the list's order.
    case when cardinality(p_types) = 1 then 'p.post_type = ($4)[1]' when p_types is not null then 'p.post_type = any ($4)' end,
    case when p_from is not null then 'p.sort_date >= $5' end,
    case when p_to is not null then 'p.sort_date < $6' end,
    case when p_pairs is not null then 'p.search_pairs @@ $7' end,
    case when p_has_sources then 'exists (select 1 from public.source_citations c where c.post_id = p.id)' end,
    case when p_has_media then 'exists (select 1 from public.post_media m where m.post_id = p.id)' end)
$$;

-- The start and end of a range of days in a time zone, the end exclusive; a
-- single day (p_day) narrows it further.
create or replace function private.search_range(p_from date, p_to date, p_day date, p_time_zone text,
  out range_start timestamptz, out range_end timestamptz)
language sql stable set search_path = '' as $$
  select greatest(p_from::timestamp at time zone p_time_zone, p_day::timestamp at time zone p_time_zone),
         least((p_to + 1)::timestamp at time zone p_time_zone, (p_day + 1)::timestamp at time zone p_time_zone)
$$;

-- ============================================================================
-- private.search_listed
-- ============================================================================
-- Up to p_cap + 1 matches as the GIN index lists them (index scans are off,
-- so no plan can walk the list's order instead: Postgres's estimate of how
-- many posts a search finds is often far off). For Best match of a search
-- the newest posts hardly have; run as its caller, private.search_posts,
-- with private.search_conditions's parameters.
create or replace function private.search_listed(p_conditions text, p_cap integer, p_query tsquery, p_tags text[],
  p_authors uuid[], p_types text[], p_from timestamptz, p_to timestamptz, p_pairs tsquery)
returns setof bigint
language plpgsql stable set search_path = '' set enable_indexscan = off set enable_seqscan = off as $body$
begin
  return query execute format('select p.id from public.posts p where %s limit $8', p_conditions)
    using p_query, p_tags, p_authors, p_types, p_from, p_to, p_pairs, p_cap + 1;
end;
$body$;

-- ============================================================================
-- private.search_posts
-- ============================================================================
-- A page of approved posts matching a search and its filters, in one
-- statement with what All posts shows beside it: each result's marked title
-- and snippet (p_with_matches: private.search_match) and, on a first page,
-- the number of results up to p_count_cap (`total`, `exact` false past it;
-- the same on every row, and no row means none).
--
-- Best match ranks by ts_rank_cd (title and tags weigh most, then the
-- excerpt, then the content), then newer first, then by score, a pool of
-- matches whose cost is bounded: the matches among the newest `recent_walk`
-- posts that pass the other filters, at most `recent_pool` of them; when
-- fewer than `recent_enough` are there, the matches the GIN index lists, at
-- most `listed_pool` of them, with those newest ones. So a specific search
-- ranks all its matches, and a word most posts have ranks the most recent ones
-- (docs/database.md, "Search"). A phrase is asked of the GIN index first:
-- its pairs of words keep that list short. The walk that makes the pool
-- also starts the count: a full pool says most posts match, and walking on
-- in the same order reaches the cap soonest; otherwise the GIN index lists
-- the matches once, for the count and, when needed, the pool. The other orders walk
-- their index, planned for the filters given (dynamic SQL), and are counted
-- by private.search_total.
--
-- Security definer, as the other public lists: everyone may read approved
-- posts, and under row-level security Postgres may not use `@@` or `@>` as
-- an index condition. Best match's cursor is "rank|sort date|score".
create or replace function private.search_posts(
  p_sort text,
  p_limit integer,
  p_search jsonb default null,
  p_tags text[] default null,
  p_authors text[] default null,
  p_types text[] default null,
  p_from date default null,
  p_to date default null,
  p_day date default null,
  p_has_sources boolean default false,
  p_has_media boolean default false,
  p_time_zone text default 'UTC',
  p_cursor_key text default null,
  p_cursor_id bigint default null,
  p_with_matches boolean default false,
  p_count_cap integer default null
)
returns table (post text, sort_key text, id bigint, match_title text, match_snippet text, total integer, exact boolean)
-- Sequential scans are off, as for the other lists: a filter Postgres
-- expects in most posts must still be read through an index.
language plpgsql stable security definer set search_path = '' set enable_seqscan = off
  -- The page's own statements read the pool's arrays: planned for each call's lengths, they were
  -- planned again on every call; one generic plan serves every length.
  set plan_cache_mode = force_generic_plan as $body$
declare
  recent_walk constant integer := 500;
  recent_pool constant integer := 200;
  recent_enough constant integer := 50;
  listed_pool constant integer := 1000;
  search_query tsquery := private.search_tsquery(p_search);
  headline_query tsquery := private.search_tsquery(p_search, true);
  pairs_query tsquery := private.search_pairs_query(p_search);
  tags text[] := nullif(p_tags, '{}');
  types text[] := nullif(p_types, '{}');
  author_ids uuid[] := case when p_authors is not null then private.authors_named(p_authors) end;
  day_range record := private.search_range(p_from, p_to, p_day, p_time_zone);
  conditions text;
  other_filters text;
  by_match boolean := p_sort = 'best' and headline_query is not null;
  counting boolean := p_count_cap is not null and p_cursor_key is null;
  pool_ids bigint[];
  pool_dates timestamptz[];
  pool_ranks real[];
  listed bigint[];
  found integer;
  found_exact boolean;
  row_key text := case p_sort when 'most_upvotes'
    then 'coalesce((select s.score from private.post_scores s where s.post_id = p.id), 0)' else 'p.sort_date' end;
  direction text := case p_sort when 'oldest' then 'asc' else 'desc' end;
begin
  if p_sort is null or p_sort not in ('best', 'newest', 'oldest', 'most_upvotes') then
    raise exception 'sort must be best, newest, oldest or most_upvotes.' using errcode = 'PT400';
  end if;
  perform private.require_page_limit(p_limit);
  -- A cursor of the other order (Best match's holds a rank; the others' do not) would be misread.
  if p_cursor_key is not null and (p_cursor_key like '%|%') <> by_match then
    raise exception 'cursor: not a cursor this API returned for this sort.' using errcode = 'PT400';
  end if;
  conditions := private.search_conditions(search_query, tags, author_ids, types,
    day_range.range_start, day_range.range_end, pairs_query, p_has_sources, p_has_media);

  if not by_match then
    if counting then
      select t.total, t.exact into found, found_exact from private.search_total(p_count_cap, p_search, p_tags, p_authors,
        p_types, p_from, p_to, p_day, p_has_sources, p_has_media, p_time_zone) t;
    end if;
    return query execute format(
      $query$
        select j.post, l.key::text, l.id, m.title, m.snippet, $11, $12
        from (select p.id, %1$s as key from public.posts p
              where %2$s and ($8::text is null or (%1$s, p.id) %3$s ($8::%4$s, $9))
              order by %1$s %5$s, p.id %5$s
              limit $10) l
        join public.posts p on p.id = l.id
        cross join lateral private.post_ready_json(p, false) j
        left join lateral private.search_match(l.id, $13) m on true
        order by l.key %5$s, l.id %5$s
      $query$,
      row_key, conditions, case when direction = 'asc' then '>' else '<' end,
      case p_sort when 'most_upvotes' then 'integer' else 'timestamptz' end, direction)
      using search_query, tags, author_ids, types, day_range.range_start, day_range.range_end,
            pairs_query, p_cursor_key, p_cursor_id, p_limit, found, found_exact,
            case when p_with_matches then headline_query end;
    return;
  end if;

  -- A phrase's pairs of words keep the index's list of its matches short: it is read first, and
  -- the newest posts are walked only when it is long.
  if pairs_query is not null then
    listed := array(select l from private.search_listed(conditions, greatest(listed_pool, coalesce(p_count_cap, 0)),
      search_query, tags, author_ids, types, day_range.range_start, day_range.range_end, pairs_query) l);
  end if;

  if listed is null or cardinality(listed) > listed_pool then
    -- The pool: the matches among the newest posts that pass the other filters, ranked as they are read.
    other_filters := private.search_conditions(null, tags, author_ids, types,
      day_range.range_start, day_range.range_end, null, p_has_sources, p_has_media);
    execute format(
      $query$
        select coalesce(array_agg(h.id), '{}'), coalesce(array_agg(h.sort_date), '{}'), coalesce(array_agg(h.rank), '{}')
        from (select w.id, w.sort_date, ts_rank_cd(w.search, $1) as rank
              from (select p.id, p.sort_date, p.search, p.search_pairs from public.posts p
                    where %1$s
                    order by p.sort_date desc, p.id desc
                    limit $8) w
              where w.search @@ $1 and ($7::tsquery is null or w.search_pairs @@ $7)
              limit $9) h
      $query$, other_filters)
      into pool_ids, pool_dates, pool_ranks
      using search_query, tags, author_ids, types, day_range.range_start, day_range.range_end,
            pairs_query, recent_walk, recent_pool;

    if counting and listed is null and cardinality(pool_ids) = recent_pool then
      -- Most of the newest posts match: walking on past the pool's last match finds the cap's worth
      -- within twice its number of posts, or else the index counts them after all.
      execute format(
        $query$
          select count(*)::integer from (
            select 1 from (select p.search, p.search_pairs from public.posts p
                           where %1$s and (p.sort_date, p.id) < ($8, $9)
                           order by p.sort_date desc, p.id desc limit 2 * $10) w
            where w.search @@ $1 and ($7::tsquery is null or w.search_pairs @@ $7)
            limit $10 + 1 - $11) m
        $query$, other_filters)
        into found
        using search_query, tags, author_ids, types, day_range.range_start, day_range.range_end,
              pairs_query, pool_dates[recent_pool], pool_ids[recent_pool], p_count_cap, recent_pool;
      found := found + recent_pool;
      if found <= p_count_cap then
        found := null;
      end if;
    end if;
  end if;

  -- The index's list: for the count when the walk did not settle it, and for the pool when the
  -- newest posts had few matches.
  if listed is null and ((counting and found is null) or cardinality(pool_ids) < recent_enough) then
    listed := array(select l from private.search_listed(conditions, greatest(listed_pool, coalesce(p_count_cap, 0)),
      search_query, tags, author_ids, types, day_range.range_start, day_range.range_end, pairs_query) l);
  end if;
  if counting and found is null then
    found := cardinality(listed);
  end if;
  -- Few of the newest posts match: the pool is what the index lists (a longer list only in part,
  -- with those newest matches), so a search of posts spread thinly still has pages to read.
  if coalesce(cardinality(pool_ids), 0) < recent_enough and listed is not null then
    select coalesce(array_agg(p.id), '{}'), coalesce(array_agg(p.sort_date), '{}'), coalesce(array_agg(ts_rank_cd(p.search, search_query)), '{}')
      into pool_ids, pool_dates, pool_ranks
      from public.posts p where p.id = any (listed[1:listed_pool]) or p.id = any (pool_ids);
  end if;

  -- Ranked by match, then date: the score, the last tie-breaker, is looked up only for the rows
  -- that tie with the page's last one on both (fetch … with ties).
  return query
    with ranked as (
      select r.id, r.sort_date, r.rank from unnest(pool_ids, pool_dates, pool_ranks) as r (id, sort_date, rank)
      where p_cursor_key is null
         or (r.rank, r.sort_date) < (split_part(p_cursor_key, '|', 1)::real, split_part(p_cursor_key, '|', 2)::timestamptz)
         or ((r.rank, r.sort_date) = (split_part(p_cursor_key, '|', 1)::real, split_part(p_cursor_key, '|', 2)::timestamptz)
             and (coalesce((select s.score from private.post_scores s where s.post_id = r.id), 0), r.id)
               < (split_part(p_cursor_key, '|', 3)::integer, p_cursor_id))
      order by r.rank desc, r.sort_date desc
      fetch first p_limit rows with ties),
    page as (
      select r.*, coalesce((select s.score from private.post_scores s where s.post_id = r.id), 0) as score
      from ranked r
      order by r.rank desc, r.sort_date desc, score desc, r.id desc
      limit p_limit)
    select j.post, concat_ws('|', r.rank, r.sort_date, r.score), r.id, m.title, m.snippet,
           least(found, p_count_cap), found <= p_count_cap
    from page r
    join public.posts p on p.id = r.id
    cross join lateral private.post_ready_json(p, false) j
    -- Without a query search_match returns at once: a condition on the join would still call it.
    left join lateral private.search_match(r.id, case when p_with_matches then headline_query end) m on true
    order by r.rank desc, r.sort_date desc, r.score desc, r.id desc;
end;
$body$;

-- ============================================================================
-- private.search_total
-- ============================================================================
-- How many approved posts match, counted up to p_cap: past it the answer
-- says "more than" (exact = false). Each way costs in proportion to what it
-- reads, so it is chosen by the newest `probe` posts that pass the other
-- filters: when more than the cap match there, that is the answer ("Did you
-- mean" asks whether a suggestion finds anything: a cap of 1); when at
-- least half of them match, walking the list's order
-- usually finds the cap's worth within twice as many posts (looked at no
-- further); else, or when it does not, the GIN index lists the matches
-- (private.search_listed).
create or replace function private.search_total(
  p_cap integer,
  p_search jsonb default null,
  p_tags text[] default null,
  p_authors text[] default null,
  p_types text[] default null,
  p_from date default null,
  p_to date default null,
  p_day date default null,
  p_has_sources boolean default false,
  p_has_media boolean default false,
  p_time_zone text default 'UTC',
  out total integer,
  out exact boolean
)
language plpgsql stable security definer set search_path = '' set enable_seqscan = off as $body$
declare
  probe constant integer := 500;
  search_query tsquery := private.search_tsquery(p_search);
  pairs_query tsquery := private.search_pairs_query(p_search);
  author_ids uuid[] := case when p_authors is not null then private.authors_named(p_authors) end;
  day_range record := private.search_range(p_from, p_to, p_day, p_time_zone);
  other_filters text := private.search_conditions(null, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'),
    day_range.range_start, day_range.range_end, null, p_has_sources, p_has_media);
  dense boolean := false;
  found integer;
begin
  if search_query is not null then
    execute format(
      $query$
        select count(*)::integer from (select p.search, p.search_pairs from public.posts p where %s
                                       order by p.sort_date desc, p.id desc limit $8) w
        where w.search @@ $1 and ($7::tsquery is null or w.search_pairs @@ $7)
      $query$, other_filters)
      into found
      using search_query, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'), day_range.range_start, day_range.range_end,
            pairs_query, probe;
    -- Past a small cap already ("is there any?" is a cap of 1) the count is done.
    if found > p_cap then
      total := p_cap;
      exact := false;
      return;
    end if;
    dense := found >= probe / 2;
  end if;

  if search_query is null then
    -- Filters alone (tags, a type, a range of days…): their own indexes.
    execute format('select count(*)::integer from (select 1 from public.posts p where %s limit $8) p', other_filters)
      into found
      using search_query, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'), day_range.range_start, day_range.range_end,
            pairs_query, p_cap + 1;
  end if;
  if dense then
    -- Past the cap within twice its number of posts, or else counted by the index after all.
    execute format(
      $query$
        select count(*)::integer from (
          select 1 from (select p.search, p.search_pairs from public.posts p where %s
                         order by p.sort_date desc, p.id desc limit 2 * $8) w
          where w.search @@ $1 and ($7::tsquery is null or w.search_pairs @@ $7)
          limit $8) m
      $query$, other_filters)
      into found
      using search_query, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'), day_range.range_start, day_range.range_end,
            pairs_query, p_cap + 1;
    dense := found > p_cap;
  end if;
  if search_query is not null and not dense then
    found := (select count(*) from private.search_listed(
      private.search_conditions(search_query, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'),
        day_range.range_start, day_range.range_end, pairs_query, p_has_sources, p_has_media),
      p_cap, search_query, nullif(p_tags, '{}'), author_ids, nullif(p_types, '{}'), day_range.range_start, day_range.range_end,
      pairs_query));
  end if;
  total := least(found, p_cap);
  exact := found <= p_cap;
end;
$body$;

-- ============================================================================
-- private.search_match
-- ============================================================================
-- A result's title and a passage of its excerpt and the start of its content
-- (the first `reach` characters: parsing the text is what a passage costs,
-- and a result that matches further in still shows how it starts), the one
-- that covers the most matched words (ts_headline's cheaper mode), with the
-- matched words between U+E000 and U+E001; the api function escapes the
-- text and makes them <mark>. Markdown's marks, table rules and link
-- targets are left out of the snippet (its line breaks read as spaces in
-- HTML), and the two delimiters out of the text. The query is the search's
-- stems, private.search_tsquery(search, true), made once for the page.
create or replace function private.search_match(p_post_id bigint, p_headline_query tsquery,
  out title text, out snippet text)
language plpgsql stable security definer set search_path = '' as $body$
declare
  reach constant integer := 400;
  whole text;
  plain text;
  marks constant text := 'StartSel=' || chr(57344) || ', StopSel=' || chr(57345);
  -- Only the columns read: a whole row would bring its search documents back too.
  p record;
begin
  if p_headline_query is null then
    return;
  end if;
  select x.title, x.excerpt, x.content into p from public.posts x where x.id = p_post_id and x.status = 'approved';
  if not found then
    return;
  end if;
  title := ts_headline('private.archive_english'::regconfig, translate(p.title, chr(57344) || chr(57345), ''),
    p_headline_query, marks || ', HighlightAll=true');
  whole := btrim(regexp_replace(translate(p.excerpt || E'\n\n' || left(p.content, reach), chr(57344) || chr(57345), ''),
    '\]\([^)]*\)|[#*_>`~|\[\]]+|-{2,}', ' ', 'g'));
  snippet := ts_headline('private.archive_english'::regconfig, left(whole, reach), p_headline_query,
    marks || ', MaxWords=30, MinWords=12');
  -- A passage from the middle of the text says so at either end.
  plain := btrim(translate(snippet, chr(57344) || chr(57345), ''));
  snippet := case when starts_with(whole, plain) then '' else '… ' end || btrim(snippet)
    || case when char_length(p.content) <= reach and right(whole, char_length(plain)) = plain then '' else ' …' end;
end;
$body$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.fold_text(text),
  private.search_listed(text, integer, tsquery, text[], uuid[], text[], timestamptz, timestamptz, tsquery),
  private.authors_named(text[]),
  private.search_conditions(tsquery, text[], uuid[], text[], timestamptz, timestamptz, tsquery, boolean, boolean),
  private.search_range(date, date, date, text),
  private.search_posts(text, integer, jsonb, text[], text[], text[], date, date, date, boolean, boolean, text, text, bigint, boolean, integer),
  private.search_total(integer, jsonb, text[], text[], text[], date, date, date, boolean, boolean, text),
  private.search_match(bigint, tsquery)
from public;
grant execute on function
  private.search_posts(text, integer, jsonb, text[], text[], text[], date, date, date, boolean, boolean, text, text, bigint, boolean, integer),
  private.search_total(integer, jsonb, text[], text[], text[], date, date, date, boolean, boolean, text),
  private.search_match(bigint, tsquery)
to anon, authenticated;
