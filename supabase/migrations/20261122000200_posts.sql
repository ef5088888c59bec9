-- Posts, their media and info boxes: the tables, their rules and triggers.
-- What an author writes is read and written by …000210_post_fields.sql.

-- ============================================================================
-- Types and helpers
-- ============================================================================
create type public.post_status as enum ('pending', 'approved', 'rejected');

-- Tags as one text and the search document: …000190_search_language.sql.

-- Lowercase, trimmed, non-empty, de-duplicated (first occurrence wins).
-- PL/pgSQL: every list request calls it (private.trim_ws says why).
create or replace function private.normalize_tags(tags text[])
returns text[]
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return (
    select coalesce(array_agg(t.tag order by t.first_seen), '{}')
    from (
      select lower(private.trim_ws(u.tag)) as tag, min(u.ord) as first_seen
      from unnest(tags) with ordinality as u (tag, ord)
      where u.tag is not null and private.trim_ws(u.tag) <> ''
      group by lower(private.trim_ws(u.tag))
    ) t);
end;
$$;

-- Tags given as a JSON list or as a comma-separated string.
create or replace function private.jsonb_to_tags(value jsonb)
returns text[]
language sql immutable set search_path = '' as $$
  select private.normalize_tags(
    case jsonb_typeof(value)
      when 'array' then array(select jsonb_array_elements_text(value))
      when 'string' then string_to_array(value #>> '{}', ',')
      else '{}'::text[]
    end)
$$;

-- A JSON object whose values are all strings (info box content).
create or replace function private.is_string_map(value jsonb)
returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(value) = 'object'
     and not exists (select 1 from jsonb_each(value) e where jsonb_typeof(e.value) <> 'string')
$$;

-- An info box's keys in the author's order. A jsonb object keeps no key order
-- (it sorts its keys), so info_boxes.key_order keeps it: the keys of `content`
-- in the order `keys` gives them, then any key `keys` leaves out.
create or replace function private.info_box_key_order(content jsonb, keys text[])
returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array_agg(c.key order by k.position nulls last, c.position), '{}')
  from jsonb_object_keys(content) with ordinality c (key, position)
  left join (select u.key, min(u.position) as position from unnest(keys) with ordinality u (key, position) group by u.key) k
    on k.key = c.key
$$;

-- An info box's content as [key, value] pairs, in the order of `keys`
-- (the "entries" of the API, beside the SPEC's `content` map).
create or replace function private.info_box_entries(content jsonb, keys text[])
returns jsonb
language sql immutable set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_array(k.key, content -> k.key) order by k.position), '[]')
  from unnest(private.info_box_key_order(content, keys)) with ordinality k (key, position)
$$;

-- The keys of a box's entries, in order (none without entries: the trigger then takes the map's order).
create or replace function private.info_box_keys(box jsonb)
returns text[]
language sql immutable set search_path = '' as $$
  select array(select e.value ->> 0 from jsonb_array_elements(case when jsonb_typeof(box -> 'entries') = 'array' then box -> 'entries' end)
                 with ordinality e (value, position)
               order by e.position)
$$;

-- ============================================================================
-- Posts
-- ============================================================================
create table public.posts (
  id bigint generated always as identity primary key,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  title text not null constraint posts_title_length check (char_length(btrim(title)) between 1 and 300),
  excerpt text not null constraint posts_excerpt_length check (char_length(btrim(excerpt)) between 1 and 1000),
  content text not null constraint posts_content_length check (char_length(btrim(content)) between 1 and 100000),
  tags text[] not null default '{}',
  citations text constraint posts_citations_length check (char_length(citations) <= 20000),
  post_type text not null default 'discussion' constraint posts_post_type_format check (post_type ~ '^[a-z_]{1,30}$'),
  is_nsfw boolean not null default false,
  is_pinned boolean not null default false,
  is_important boolean not null default false,
  event_timestamp timestamptz,
  status public.post_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Who reviewed is in the moderation log (admins only): a column here would
  -- be readable by everyone who can read the post, and a reviewer's identity is
  -- not for visitors.
  reviewed_at timestamptz,
  -- Why an admin rejected it, for the author (private.reject_post).
  rejection_reason text constraint posts_rejection_reason_length check (char_length(rejection_reason) <= 500),
  -- No counters here: a post's upvotes, downvotes and comment_count live in
  -- its row of private.post_cards, which votes and comments update instead of
  -- this wide row and its indexes (bench/findings.md, "Counters beside the
  -- card").
  -- The date a post is listed under: its event date, else its creation date.
  sort_date timestamptz generated always as (coalesce(event_timestamp, created_at)) stored,
  -- Kept by the trigger posts_25_search (private.post_search_vector), not
  -- generated: a table with a BEFORE UPDATE row trigger computes every stored
  -- generated column again on every update (Postgres 17, ExecInitStoredGenerated:
  -- it cannot know which columns the trigger changes), so each vote and
  -- each new comment, which then changed a counter here, split the whole post
  -- into words again (bench/findings.md, "A vote split the post into words").
  search tsvector not null default ''::tsvector,
  -- Its pairs of neighbouring words (private.post_search_pairs), kept with it.
  search_pairs tsvector not null default ''::tsvector,
  constraint posts_event_needs_timestamp check (post_type <> 'event' or event_timestamp is not null),
  -- The years an ISO 8601 date can write (the API's form); never infinity.
  constraint posts_event_timestamp_range check (
    event_timestamp >= '0001-01-01T00:00:00Z' and event_timestamp < '10000-01-01T00:00:00Z')
);

comment on table public.posts is
  'Posts. New posts are pending until an admin approves or rejects them. Their counters are in private.post_cards.';
comment on column public.posts.sort_date is 'event_timestamp, else created_at: the timeline and list date.';

-- Lists: partial indexes led by the sort key. Under row-level security the
-- enum comparison `status = 'approved'` is not leakproof, so it cannot be an
-- index condition and composite (status, ...) indexes go unused; a partial
-- index needs none (the planner proves its predicate from the query), and a
-- page is a short ordered index scan. Timestamp and integer comparisons (date
-- filter, keyset cursor) are leakproof and stay index conditions.
create index posts_approved_sort_date_idx on public.posts (sort_date desc, id desc) where status = 'approved';
-- The timeline of one post type (events only), in the same order.
create index posts_approved_type_sort_date_idx on public.posts (post_type, sort_date desc, id desc) where status = 'approved';
create index posts_approved_created_at_idx on public.posts (created_at desc, id desc) where status = 'approved';
-- The feeds' order: by publication (approval; an admin's own post and the
-- seed's have no review, so their creation).
create index posts_approved_published_at_idx on public.posts ((coalesce(reviewed_at, created_at)) desc, id desc) where status = 'approved';
create index posts_pending_created_at_idx on public.posts (created_at, id) where status = 'pending';
-- An author's posts newest first, a keyset page at a time (My contributions).
create index posts_author_id_created_at_idx on public.posts (author_id, created_at desc, id desc);
-- An author's page, newest published first (private.author_posts).
create index posts_author_id_published_at_idx on public.posts (author_id, (coalesce(reviewed_at, created_at)) desc, id desc) where status = 'approved';
-- At most one pinned post.
create unique index posts_one_pinned_idx on public.posts (is_pinned) where is_pinned;
create index posts_important_idx on public.posts (created_at desc) where is_important;
-- Search (full-text queries on `search`, a phrase's pairs of words on
-- `search_pairs`) and tag filters.
--
-- An update that is not HOT (an edit, a status change; before the counters
-- moved out, a vote on a page without room) writes a new entry to every
-- index, these two included. GIN
-- queues new entries in a pending list that each search reads in full until
-- it is merged; at the default limit that list grew long enough to slow every
-- search and price the GIN index out of rare ones, so a small one is merged
-- often, in small steps (bench/findings.md, "GIN pending list").
create index posts_search_idx on public.posts using gin (search) with (gin_pending_list_limit = 128);
create index posts_search_pairs_idx on public.posts using gin (search_pairs) with (gin_pending_list_limit = 128);
create index posts_tags_idx on public.posts using gin (tags) with (gin_pending_list_limit = 128);

-- The search document stays in the row (compressed if need be; the content
-- and the pairs of words go out to TOAST first): every search reads it for
-- the posts it checks, and read back from TOAST it cost ten times as much
-- (bench/findings.md, "Search").
alter table public.posts alter column search set storage main;

alter table public.posts enable row level security;
revoke all on public.posts from anon, authenticated;
grant select on public.posts to anon, authenticated;
grant insert on public.posts to authenticated;

create policy "Posts are readable when approved, own, or by moderators and admins"
  on public.posts for select to anon, authenticated
  using (
    status = 'approved'
    or author_id = (select auth.uid())
    or (select private.is_moderator())
  );

create policy "Signed-in users can create posts as themselves"
  on public.posts for insert to authenticated
  with check (author_id = (select auth.uid()));

-- No update or delete policy: every change after submission is a moderation
-- act or an author's own edit, and each goes through the security-definer
-- function that checks who may and logs it (private.approve_post,
-- private.reject_post, private.update_post, private.set_post_pinned,
-- private.set_post_important, private.delete_post, private.update_own_post,
-- private.withdraw_post). A direct write would skip the log, the post's
-- history and the files a rejection deletes.

-- ----------------------------------------------------------------------------
-- Validation and normalisation (messages are shown to users as they are)
-- ----------------------------------------------------------------------------
-- The length limits of a post's fields, shared by posts and edit suggestions
-- (a null argument is a field not given).
create or replace function private.check_post_field_lengths(
  p_title text default null,
  p_excerpt text default null,
  p_content text default null,
  p_citations text default null,
  p_tags text[] default null)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if char_length(p_title) > 300 then
    raise exception 'The title can be at most 300 characters.' using errcode = 'PT400';
  elsif char_length(p_excerpt) > 1000 then
    raise exception 'The excerpt can be at most 1000 characters.' using errcode = 'PT400';
  elsif char_length(p_content) > 100000 then
    raise exception 'The content can be at most 100000 characters.' using errcode = 'PT400';
  elsif char_length(p_citations) > 20000 then
    raise exception 'The references can be at most 20000 characters.' using errcode = 'PT400';
  elsif cardinality(p_tags) > 30 then
    raise exception 'A post can have at most 30 tags.' using errcode = 'PT400';
  elsif exists (select 1 from unnest(p_tags) t where char_length(t) > 50) then
    raise exception 'A tag can be at most 50 characters.' using errcode = 'PT400';
  end if;
end;
$$;

-- One info box's rules (its title already trimmed), shared by info_boxes and
-- edit suggestions.
create or replace function private.check_info_box(p_title text, p_content jsonb)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if coalesce(p_title, '') = '' then
    raise exception 'Each info box needs a title.' using errcode = 'PT400';
  elsif char_length(p_title) > 200 then
    raise exception 'An info box title can be at most 200 characters.' using errcode = 'PT400';
  elsif not private.is_string_map(p_content) then
    raise exception 'Info box content must map keys to text values.' using errcode = 'PT400';
  elsif char_length(p_content::text) > 20000 then
    raise exception 'An info box can hold at most 20,000 characters.' using errcode = 'PT400';
  end if;
end;
$$;

-- An event date is a real day of years 1 to 9999 (what an ISO 8601 date
-- writes and the SPA shows), shared by posts and edit suggestions; the
-- posts_event_timestamp_range constraint backs it for every other writer.
create or replace function private.check_event_timestamp(p_event_timestamp timestamptz)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_event_timestamp < '0001-01-01T00:00:00Z' or p_event_timestamp >= '10000-01-01T00:00:00Z' then
    raise exception 'The event date must be between the years 1 and 9999.' using errcode = 'PT400';
  end if;
end;
$$;

-- At most 20 info boxes on a post, shared by info_boxes and edit suggestions.
create or replace function private.check_info_box_count(p_count integer)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_count > 20 then
    raise exception 'A post can have at most 20 info boxes.' using errcode = 'PT400';
  end if;
end;
$$;

-- ----------------------------------------------------------------------------
-- The links a post cites: at most 100 (once, one pending post citing
-- 3,159 URLs put 3,159 sources in the queue ahead of everyone else's)
-- ----------------------------------------------------------------------------
-- Each link a post cites becomes a source that is checked on a schedule and
-- preserved (…000800_sources.sql). The sources job extracts them
-- (supabase/functions/api/sources/extract-urls.ts); these functions count
-- them by the same rules, so a post is refused when it is written, with a
-- message, rather than cut short later: private.replace_post_sources keeps
-- the limit too, whatever the extractor sends.
create or replace function private.cited_links_limit()
returns integer
language sql immutable parallel safe set search_path = '' as $$
  select 100
$$;

-- A bare URL's end, trimmed of sentence punctuation and of a closing
-- parenthesis it does not open (trimBareUrl in supabase/functions/_shared/bare-urls.ts).
create or replace function private.trim_bare_url(candidate text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  url text := regexp_replace(candidate, '[.,;:!?*_~]+$', '');
begin
  while right(url, 1) = ')'
    and char_length(url) - char_length(replace(url, '(', '')) < char_length(url) - char_length(replace(url, ')', '')) loop
    url := regexp_replace(left(url, -1), '[.,;:!?*_~]+$', '');
  end loop;
  return url;
end;
$$;

-- A URL in the form the extractor keeps (normaliseUrl in extract-urls.ts):
-- scheme and host lower-case; the default port, the fragment, tracking
-- parameters and an empty query dropped; a bare host gets the path "/". The
-- extractor's URL parser also merges a few rarer spellings (percent-encoding,
-- internationalised hosts), which count apart here.
create or replace function private.normalize_cited_link(link text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  parts text[] := regexp_match(split_part(link, '#', 1), '^(https?://)([^/?]*)([^?]*)(\?.*)?$', 'i');
  scheme text;
  authority text;
  query text;
begin
  if parts is null then
    return link;
  end if;
  scheme := lower(parts[1]);
  authority := regexp_replace(lower(parts[2]), case scheme when 'http://' then ':80$' else ':443$' end, '');
  select string_agg(q.param, '&' order by q.n) into query
    from unnest(string_to_array(substr(parts[4], 2), '&')) with ordinality as q (param, n)
   where q.param <> ''
     and split_part(q.param, '=', 1) !~* '^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|mkt_tok|ref_src|si)$';
  return scheme || authority || coalesce(nullif(parts[3], ''), '/') || coalesce('?' || query, '');
end;
$$;

-- The links a post's references and content cite, each once: markdown
-- links' targets and bare URLs alike (a markdown link's target is a bare URL
-- ending at its closing parenthesis).
create or replace function private.cited_links(p_content text, p_citations text)
returns setof text
language sql immutable parallel safe set search_path = '' as $$
  select distinct private.normalize_cited_link(private.trim_bare_url(m[1]))
    from regexp_matches(coalesce(p_citations, '') || ' ' || coalesce(p_content, ''),
                        '(https?://(?:\[[0-9a-f:.]+\])?[^\s<>"''`\[\]]+)', 'gi') as m
$$;

-- At most private.cited_links_limit() links in a post's references and
-- content together, shared by posts and edit suggestions. Each link starts
-- with http:// or https://, so a text with no more of those than the limit
-- (nearly every post) is let through without parsing its links.
create or replace function private.check_cited_links(p_content text, p_citations text)
returns void
language plpgsql immutable set search_path = '' as $$
declare
  cited integer;
begin
  if regexp_count(coalesce(p_citations, '') || ' ' || coalesce(p_content, ''), 'https?://', 1, 'i') <= private.cited_links_limit() then
    return;
  end if;
  select count(*) into cited from private.cited_links(p_content, p_citations);
  if cited > private.cited_links_limit() then
    raise exception 'A post can cite at most % links (references and content together); this one cites %.',
      private.cited_links_limit(), cited using errcode = 'PT400';
  end if;
end;
$$;

create or replace function private.posts_validate()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  new.title := private.trim_ws(coalesce(new.title, ''));
  new.excerpt := private.trim_ws(coalesce(new.excerpt, ''));
  new.content := private.trim_ws(coalesce(new.content, ''));
  new.citations := nullif(private.trim_ws(new.citations), '');
  new.post_type := lower(private.trim_ws(coalesce(new.post_type, 'discussion')));
  new.tags := private.normalize_tags(coalesce(new.tags, '{}'));

  if new.title = '' then
    raise exception 'Title is required.' using errcode = 'PT400';
  elsif new.excerpt = '' then
    raise exception 'Excerpt is required.' using errcode = 'PT400';
  elsif new.content = '' then
    raise exception 'Content is required.' using errcode = 'PT400';
  elsif new.post_type !~ '^[a-z_]{1,30}$' then
    raise exception 'The post type must be 1 to 30 lowercase letters or underscores.' using errcode = 'PT400';
  elsif new.post_type = 'event' and new.event_timestamp is null then
    raise exception 'An event needs an event date.' using errcode = 'PT400';
  end if;
  perform private.check_post_field_lengths(new.title, new.excerpt, new.content, new.citations, new.tags);
  perform private.check_event_timestamp(new.event_timestamp);
  if tg_op = 'INSERT' or (new.content, new.citations) is distinct from (old.content, old.citations) then
    perform private.check_cited_links(new.content, new.citations);
  end if;
  return new;
end;
$$;

-- What a member or a moderator sends does not decide status, flags or
-- dates; one post per 5 minutes for members. Calls without a signed-in user (the
-- database owner: migrations, seed, maintenance) are the system and exempt.
create or replace function private.posts_before_insert()
returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is not null then
    perform private.require_adult_member(uid);
    new.created_at := now();
    new.updated_at := now();
  end if;

  if uid is not null and not private.is_admin() then
    new.status := 'pending';
    new.is_pinned := false;
    new.is_important := false;
    new.reviewed_at := null;
    new.rejection_reason := null;
  end if;
  if uid is not null and not private.is_moderator() then
    perform private.check_recent_rows(uid, 'post-cooldown', 'posts', 'author_id', 1, interval '5 minutes',
      'Please wait 5 minutes before posting again.');
  end if;
  return new;
end;
$$;

-- No update reaches posts through the API roles (no policy), and none may
-- touch identity or authorship should one ever be added.
create or replace function private.posts_before_update()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.author_id := old.author_id;
    new.created_at := old.created_at;
  end if;
  if (new.title, new.excerpt, new.content, new.tags, new.citations, new.post_type, new.is_nsfw, new.event_timestamp)
     is distinct from
     (old.title, old.excerpt, old.content, old.tags, old.citations, old.post_type, old.is_nsfw, old.event_timestamp) then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create trigger posts_10_validate
  before insert or update of title, excerpt, content, tags, citations, post_type, event_timestamp on public.posts
  for each row execute function private.posts_validate();

create trigger posts_20_before_insert
  before insert on public.posts
  for each row execute function private.posts_before_insert();

create trigger posts_20_before_update
  before update on public.posts
  for each row execute function private.posts_before_update();

-- Fires only when the text search reads is written (a pin or a status change
-- does not fire it), and when `search` or `search_pairs` itself is: a direct
-- write to them is replaced by what the text says. After posts_10_validate,
-- so it reads the trimmed text and normalised tags.
create or replace function private.posts_refresh_search()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  new.search := private.post_search_vector(new.title, new.tags, new.excerpt, new.content);
  new.search_pairs := private.post_search_pairs(new.title, new.tags, new.excerpt, new.content);
  return new;
end;
$$;

create trigger posts_25_search
  before insert or update of title, excerpt, content, tags, search, search_pairs on public.posts
  for each row execute function private.posts_refresh_search();

-- ============================================================================
-- Media
-- ============================================================================
create table public.post_media (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id) on delete cascade,
  -- File name inside the `media` bucket, served at /images/{object_path}.
  object_path text not null constraint post_media_object_path_format
    check (object_path ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'),
  media_type text not null constraint post_media_media_type_valid check (media_type in ('image', 'video')),
  -- The image's size as shown (EXIF orientation applied), read by the api function as it stores the file,
  -- so pages reserve its room before it loads; null for videos and formats it cannot read (AVIF).
  width integer constraint post_media_width_positive check (width > 0),
  height integer constraint post_media_height_positive check (height > 0),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint post_media_size_whole check ((width is null) = (height is null)),
  -- At most 50 megapixels, the most Storage's image transformations take from a source (imgproxy's
  -- IMGPROXY_MAX_SRC_RESOLUTION): the size is what the file's header declares, which a few bytes can
  -- make anything. The api function refuses a larger image as its header arrives (media/pixel-limit.ts).
  constraint post_media_size_renderable check (width::bigint * height <= 50000000)
);

create index post_media_post_id_position_idx on public.post_media (post_id, position, id);
create index post_media_object_path_idx on public.post_media (object_path);

alter table public.post_media enable row level security;
revoke all on public.post_media from anon, authenticated;
grant select on public.post_media to anon, authenticated;

create policy "Media is readable when its post is readable"
  on public.post_media for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id));

-- No write policy: a post's media and info boxes are written with it
-- (private.attach_submission) and by the edit functions (private.edit_post_media,
-- private.apply_post_changes), as the post itself.

-- ============================================================================
-- Info boxes
-- ============================================================================
create table public.info_boxes (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id) on delete cascade,
  title text not null constraint info_boxes_title_length check (char_length(btrim(title)) between 1 and 200),
  content jsonb not null default '{}' constraint info_boxes_content_string_map check (private.is_string_map(content)),
  -- The keys of content in the author's order (private.info_box_key_order; the trigger below keeps it whole).
  key_order text[] not null default '{}',
  position integer not null default 0,
  created_at timestamptz not null default now()
);

comment on column public.info_boxes.position is 'Called "order" in the API.';

create index info_boxes_post_id_position_idx on public.info_boxes (post_id, position, id);

alter table public.info_boxes enable row level security;
revoke all on public.info_boxes from anon, authenticated;
grant select on public.info_boxes to anon, authenticated;

create policy "Info boxes are readable when their post is readable"
  on public.info_boxes for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id));

create or replace function private.info_boxes_validate()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  new.title := private.trim_ws(coalesce(new.title, ''));
  new.content := coalesce(new.content, '{}'::jsonb);
  perform private.check_info_box(new.title, new.content);
  new.key_order := private.info_box_key_order(new.content, coalesce(new.key_order, '{}'));
  if tg_op = 'INSERT' then
    perform private.check_info_box_count((select count(*) + 1 from public.info_boxes b where b.post_id = new.post_id)::integer);
  end if;
  return new;
end;
$$;

create trigger info_boxes_10_validate
  before insert or update on public.info_boxes
  for each row execute function private.info_boxes_validate();

-- At most 10 files per post, whoever adds them (the API's limit, kept here too).
create or replace function private.post_media_validate()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if (select count(*) from public.post_media m where m.post_id = new.post_id) >= 10 then
    raise exception 'A post can have at most 10 media files.' using errcode = 'PT400';
  end if;
  return new;
end;
$$;

create trigger post_media_10_validate
  before insert on public.post_media
  for each row execute function private.post_media_validate();

-- A post's info boxes and media are part of what an admin reviews, so changing
-- them moves the post's updated_at, the version approval checks (an admin approves what they saw).
create or replace function private.touch_parent_post()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  update public.posts set updated_at = now()
   where id = coalesce(new.post_id, old.post_id) and updated_at <> now();
  return null;
end;
$$;

create trigger info_boxes_80_touch_post
  after insert or update or delete on public.info_boxes
  for each row execute function private.touch_parent_post();

create trigger post_media_80_touch_post
  after insert or update or delete on public.post_media
  for each row execute function private.touch_parent_post();

-- ============================================================================
-- Change notifications (private.notify_public_change)
-- ============================================================================
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

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
-- Pure helpers used by triggers and constraints while running as the caller.
grant execute on function private.tags_to_text(text[]), private.post_search_vector(text, text[], text, text), private.mark_exact(tsvector),
  private.post_search_pairs(text, text[], text, text), private.word_pairs(tsvector),
  private.normalize_tags(text[]), private.jsonb_to_tags(jsonb),
  private.is_string_map(jsonb), private.check_post_field_lengths(text, text, text, text, text[]),
  private.info_box_key_order(jsonb, text[]), private.info_box_entries(jsonb, text[]), private.info_box_keys(jsonb),
  private.check_info_box(text, jsonb), private.check_info_box_count(integer), private.check_event_timestamp(timestamptz),
  private.cited_links_limit(), private.trim_bare_url(text), private.normalize_cited_link(text), private.cited_links(text, text),
  private.check_cited_links(text, text)
  to anon, authenticated, service_role;
