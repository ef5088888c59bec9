-- "Did you mean …?": the words of the published archive, and the nearest of
-- them to a word no post has, by trigram similarity (pg_trgm).

-- ============================================================================
-- The words of published posts
-- ============================================================================
-- Each word (as written, case and accents aside) of the title, tags, excerpt
-- and content of the approved posts, with how many of them have it. Only
-- approved posts count, so a suggestion never gives away a word of a pending
-- or rejected post. Kept as posts are published, edited and withdrawn, not
-- when a search reads it: ts_stat over the archive reads every document.
create table private.search_words (
  word text primary key,
  post_count integer not null constraint search_words_post_count_positive check (post_count > 0)
);

comment on table private.search_words is
  'The words of approved posts with how many have each; kept by triggers on public.posts; read by private.search_suggestions only.';

alter table private.search_words enable row level security;
revoke all on private.search_words from public, anon, authenticated;

-- Nearest words by similarity: the trigram index answers `%` and `<->`.
create index search_words_word_trgm_idx on private.search_words using gin (word extensions.gin_trgm_ops);

-- The suggestible words of a search document: its as-written lexemes of 3
-- to 40 characters with a letter in them (numbers and one-letter words make
-- poor suggestions), not its pairs of words.
create or replace function private.search_words_of(search tsvector)
returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(array_agg(substr(l.lexeme, 2) order by l.lexeme), '{}')
  from unnest(tsvector_to_array(search)) as l (lexeme)
  where l.lexeme like '=%' and l.lexeme !~ ' ' and char_length(l.lexeme) between 4 and 41 and l.lexeme ~ '[[:alpha:]]'
$$;

-- Adds each word's delta and forgets words no post has any more (the last
-- post's word is deleted before the others are counted down). The rows
-- are locked in word order first, so two approvals sharing words wait for
-- each other instead of deadlocking (as private.change_tag_counts).
create or replace function private.change_search_words(p_removed text[], p_added text[])
returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from private.search_words w where w.word = any (p_removed || p_added) order by w.word for update;
  insert into private.search_words as w (word, post_count)
  select a.word, 1 from unnest(p_added) as a (word) order by a.word
  on conflict (word) do update set post_count = w.post_count + 1;
  delete from private.search_words w where w.word = any (p_removed) and w.post_count = 1;
  update private.search_words w set post_count = w.post_count - 1 where w.word = any (p_removed);
end;
$$;

-- Counts a post's words while it is approved: on publishing, on an edit of
-- a published post, on withdrawal or deletion. The columns named are those
-- an UPDATE writes: `search` itself is set by a BEFORE trigger.
create or replace function private.posts_count_search_words()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_words text[] := case when tg_op <> 'INSERT' and old.status = 'approved' then private.search_words_of(old.search) else '{}' end;
  new_words text[] := case when tg_op <> 'DELETE' and new.status = 'approved' then private.search_words_of(new.search) else '{}' end;
begin
  if old_words <> new_words then
    perform private.change_search_words(
      array(select unnest(old_words) except select unnest(new_words)),
      array(select unnest(new_words) except select unnest(old_words)));
  end if;
  return null;
end;
$$;

create trigger posts_70_count_search_words
  after insert or delete or update of status, title, tags, excerpt, content, search on public.posts
  for each row execute function private.posts_count_search_words();

-- ============================================================================
-- Suggestions
-- ============================================================================
-- For each word no published post has, the nearest word that some do: among
-- the 20 most alike by trigrams (similarity at least 0.2, which a swapped
-- pair of letters in a short word still reaches), the fewest edits away
-- (Levenshtein distance, at most a third of the word's letters), then the
-- word more posts have. Words the archive has are left out: they are not
-- misspelt.
create or replace function private.search_suggestions(p_words text[])
returns table (word text, suggestion text)
language plpgsql stable security definer set search_path = '' set pg_trgm.similarity_threshold = 0.2 as $$
begin
  return query
    select q.word, best.word
    from (select distinct lower(extensions.unaccent(u.word)) as word from unnest(p_words) as u (word)
          where char_length(u.word) between 3 and 40) q
    cross join lateral (
      select alike.word
      from (select w.word, w.post_count from private.search_words w
            where w.word operator(extensions.%) q.word
            order by w.word operator(extensions.<->) q.word
            limit 20) alike
      where extensions.levenshtein(alike.word, q.word) <= greatest(1, char_length(q.word) / 3)
      order by extensions.levenshtein(alike.word, q.word), alike.post_count desc, alike.word
      limit 1) best
    where not exists (select 1 from private.search_words w where w.word = q.word);
end;
$$;

revoke all on function private.search_words_of(tsvector), private.change_search_words(text[], text[]),
  private.posts_count_search_words(), private.search_suggestions(text[]) from public;
grant execute on function private.search_suggestions(text[]) to anon, authenticated, service_role;
