-- How search reads a post and a query: the language configurations, the
-- search document of a post, and the query a parsed search becomes.
-- docs/database.md ("Search") says how it is built and weighted, and how a
-- language would be added. The lists that use it: …120000_readers_lists.sql.

-- ============================================================================
-- Extensions
-- ============================================================================
-- Supabase keeps extensions in `extensions`; all three are offered on the
-- hosted service (Database → Extensions) and shipped with Postgres's contrib.
-- unaccent folds accents; pg_trgm and fuzzystrmatch find "Did you mean".
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists fuzzystrmatch with schema extensions;

-- ============================================================================
-- Language configurations
-- ============================================================================
-- archive_english: English stemming ("concerts" and "concert" are one word)
-- with accents folded ("Café" is "cafe"); stop words are dropped.
-- archive_exact: every word as written, case and accents aside, for quoted
-- phrases and for words as their prefix ("rive" finds "Rivera"). Only the
-- non-ASCII token types go through unaccent: ASCII words have no accents.
create text search configuration private.archive_english (copy = pg_catalog.english);
alter text search configuration private.archive_english
  alter mapping for word, hword, hword_part with extensions.unaccent, pg_catalog.english_stem;

create text search configuration private.archive_exact (copy = pg_catalog.simple);
alter text search configuration private.archive_exact
  alter mapping for word, hword, hword_part with extensions.unaccent, pg_catalog.simple;

-- ============================================================================
-- The search document of a post
-- ============================================================================
-- Exact words sit in the same document as the stems behind an "=" (no parser
-- ever yields "=" in a word), without positions, so a quoted word or phrase
-- can ask for its words as written in the same index and the same `@@`. The
-- helper renames the quoted lexemes of the value's canonical text, in which
-- every lexeme is quoted and a quote inside one is doubled.
create or replace function private.mark_exact(vector tsvector)
returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.regexp_replace(vector::text, '''((?:[^'']|'''')*)''', '''=\1''', 'g')::tsvector
$$;

create or replace function private.mark_exact(query tsquery)
returns tsquery
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''=\1''', 'g')::tsquery
$$;

-- Tags as one text, for indexes (array_to_string itself is only stable).
create or replace function private.tags_to_text(tags text[])
returns text
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_to_string(tags, ' '), '')
$$;

-- What search matches in a post: title and tags first (A), then the excerpt
-- (B), then the content (C), stemmed with their positions; then every word
-- as written, without positions (a phrase's order is checked on the stems).
-- Kept small enough to stay in the row: a document moved out to TOAST made
-- every search read it back from there. PL/pgSQL so that it is counted in
-- pg_stat_user_functions, which tests/plans/query-plans.test.ts reads to
-- check that a vote never calls it.
create or replace function private.post_search_vector(title text, tags text[], excerpt text, content text)
returns tsvector
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  tag_text text := private.tags_to_text(tags);
begin
  return setweight(to_tsvector('private.archive_english'::regconfig, title), 'A')
    || setweight(to_tsvector('private.archive_english'::regconfig, tag_text), 'A')
    || setweight(to_tsvector('private.archive_english'::regconfig, excerpt), 'B')
    || setweight(to_tsvector('private.archive_english'::regconfig, content), 'C')
    || private.mark_exact(strip(to_tsvector('private.archive_exact'::regconfig,
         concat_ws(' ', title, tag_text, excerpt, content))));
end;
$$;

-- Each pair of neighbouring words as written, "concert tour", one lexeme
-- without positions: `posts.search_pairs`, a column and GIN index of their
-- own. A phrase asks the index for its pairs, so only posts that have them
-- are read to check the whole phrase; without them a phrase of common words
-- ("at the show") was checked in every post that has each word. Never read
-- from the row: a query of plain lexemes is answered by the index alone.
create or replace function private.post_search_pairs(title text, tags text[], excerpt text, content text)
returns tsvector
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return private.word_pairs(to_tsvector('private.archive_exact'::regconfig, title))
    || private.word_pairs(to_tsvector('private.archive_exact'::regconfig, private.tags_to_text(tags)))
    || private.word_pairs(to_tsvector('private.archive_exact'::regconfig, excerpt))
    || private.word_pairs(to_tsvector('private.archive_exact'::regconfig, content));
end;
$$;

create or replace function private.word_pairs(vector tsvector)
returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select array_to_tsvector(coalesce(array_agg(distinct w.pair), '{}'))
  from (select u.lexeme || ' ' || lead(u.lexeme) over (order by p.position) as pair,
               lead(p.position) over (order by p.position) - p.position as gap
        from unnest(vector) as u cross join lateral unnest(u.positions) as p (position)) w
  where w.gap = 1
$$;

-- ============================================================================
-- A parsed search as a query
-- ============================================================================
-- The API parses the visitor's text (supabase/functions/_shared/search/
-- query-language.ts) into clauses, sent as JSON:
--   [{"exclude": false, "anyOf": [{"kind": "word" | "phrase", "text": "…"}]}]
-- Every clause must match (an excluded one must not); a clause matches when
-- any of its terms does. Each term becomes a query by Postgres's own
-- functions and the clauses are joined with the tsquery operators, so no text
-- the visitor typed is ever read as query syntax.
--
-- A word: its stem. A phrase: its stems in order, and each of its words as
-- written (the pairs in posts.search_pairs narrow it further: see
-- private.search_pairs_query). For highlighting (p_for_headline), the stems
-- alone, which ts_headline reads a text into. Null when a term has nothing to
-- search for (stop words, punctuation). Quietly: Postgres notices a query of
-- stop words only, which is no error here.
create or replace function private.search_term_query(p_kind text, p_text text, p_for_headline boolean)
returns tsquery
language plpgsql immutable parallel safe set search_path = '' set client_min_messages = warning as $$
declare
  stemmed tsquery;
  written tsquery;
begin
  if p_kind = 'phrase' then
    stemmed := phraseto_tsquery('private.archive_english'::regconfig, p_text);
    written := plainto_tsquery('private.archive_exact'::regconfig, p_text);
    if numnode(written) = 0 then
      return null;
    elsif p_for_headline then
      return case when numnode(stemmed) = 0 then plainto_tsquery('private.archive_english'::regconfig, p_text) else stemmed end;
    end if;
    return case when numnode(stemmed) = 0 then private.mark_exact(written) else stemmed && private.mark_exact(written) end;
  end if;

  stemmed := plainto_tsquery('private.archive_english'::regconfig, p_text);
  return case when numnode(stemmed) = 0 then null else stemmed end;
end;
$$;

-- The pairs of neighbouring words of every phrase the search requires (a
-- clause of that phrase alone, not excluded), all required: a condition on
-- posts.search_pairs that only narrows what private.search_tsquery asks.
-- Null when there are none. Each pair's canonical text `'a' <-> 'b'`, whose
-- lexemes Postgres quoted, is rewritten as the one lexeme `'a b'`.
create or replace function private.search_pairs_query(p_search jsonb)
returns tsquery
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  pair tsquery;
  whole tsquery;
begin
  if p_search is null or jsonb_typeof(p_search) <> 'array' then
    return null;
  end if;
  for pair in
    with phrases as (
      select c.ordinality as clause, c.value -> 'anyOf' -> 0 ->> 'text' as text
      from jsonb_array_elements(p_search) with ordinality as c
      where not coalesce((c.value ->> 'exclude')::boolean, false)
        and jsonb_array_length(c.value -> 'anyOf') = 1 and c.value -> 'anyOf' -> 0 ->> 'kind' = 'phrase'),
    words as (
      select f.clause, u.lexeme, p.position
      from phrases f
      cross join lateral unnest(to_tsvector('private.archive_exact'::regconfig, f.text)) as u
      cross join lateral unnest(u.positions) as p (position))
    select pg_catalog.regexp_replace(q.phrase, '^''((?:[^'']|'''')*)'' <-> ''((?:[^'']|'''')*)''$', '''\1 \2''')::tsquery
    from words a join words b on b.clause = a.clause and b.position = a.position + 1
    cross join lateral (select phraseto_tsquery('private.archive_exact'::regconfig, a.lexeme || ' ' || b.lexeme)::text as phrase) q
    where q.phrase ~ '^''((?:[^'']|'''')*)'' <-> ''((?:[^'']|'''')*)''$'
  loop
    whole := coalesce(whole && pair, pair);
  end loop;
  return whole;
end;
$$;

create or replace function private.search_tsquery(p_search jsonb, p_for_headline boolean default false)
returns tsquery
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  clause jsonb;
  term jsonb;
  clause_query tsquery;
  term_query tsquery;
  whole tsquery;
begin
  if p_search is null or jsonb_typeof(p_search) <> 'array' then
    return null;
  end if;
  for clause in select c.value from jsonb_array_elements(p_search) c loop
    -- Highlighting marks what was found, not what was excluded.
    continue when p_for_headline and (clause ->> 'exclude')::boolean;
    clause_query := null;
    for term in select t.value from jsonb_array_elements(coalesce(clause -> 'anyOf', '[]')) t loop
      term_query := private.search_term_query(term ->> 'kind', term ->> 'text', p_for_headline);
      continue when term_query is null;
      clause_query := case when clause_query is null then term_query else clause_query || term_query end;
    end loop;
    continue when clause_query is null;
    if coalesce((clause ->> 'exclude')::boolean, false) then
      clause_query := !! clause_query;
    end if;
    whole := case when whole is null then clause_query else whole && clause_query end;
  end loop;
  return whole;
end;
$$;

-- Whether the search asks for words (not only excludes some): Best match
-- needs something to rank by.
create or replace function private.search_has_words(p_search jsonb)
returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select private.search_tsquery(p_search, true) is not null
$$;

revoke all on function private.mark_exact(tsvector), private.mark_exact(tsquery), private.tags_to_text(text[]),
  private.word_pairs(tsvector), private.post_search_pairs(text, text[], text, text), private.search_pairs_query(jsonb),
  private.post_search_vector(text, text[], text, text), private.search_term_query(text, text, boolean),
  private.search_tsquery(jsonb, boolean), private.search_has_words(jsonb) from public;
-- Pure: the page of a search makes its stems' query once for its marks (supabase/functions/api/queries/post-list.ts).
grant execute on function private.search_tsquery(jsonb, boolean), private.search_term_query(text, text, boolean) to anon, authenticated, service_role;
