-- The one model of a post's fields, and what an author does with their own
-- posts: private.create_post, and editing or withdrawing one still pending.

-- ============================================================================
-- Post fields: the one model of what an author writes
-- ============================================================================
-- A post's editable fields, in the names the changes JSON uses (a new post,
-- an admin's edit and an edit suggestion all pass through
-- private.normalize_post_changes). Adding a field: docs/adding-a-post-field.md.
create or replace function private.editable_post_fields()
returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['title', 'excerpt', 'content', 'tags', 'citations', 'post_type', 'is_nsfw', 'event_timestamp', 'info_boxes']
$$;

-- What an edit suggestion may change: everything but the post type (SPEC §3
-- lists its original_*/suggested_* pairs).
create or replace function private.suggestible_post_fields()
returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array_remove(private.editable_post_fields(), 'post_type')
$$;

-- Timestamps as JavaScript writes them (UTC, milliseconds), whatever the session's time zone.
create or replace function private.iso_timestamp(ts timestamptz)
returns text
language sql stable set search_path = '' as $$
  select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- A post's editable fields as they are, in the form private.normalize_post_changes
-- gives: tags a list, event_timestamp as private.iso_timestamp writes it,
-- info_boxes [{title, content, entries, order}] with order renumbered 0..n-1.
create or replace function private.post_snapshot(p_post_id bigint)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'title', p.title,
    'excerpt', p.excerpt,
    'content', p.content,
    'tags', to_jsonb(p.tags),
    'citations', p.citations,
    'post_type', p.post_type,
    'is_nsfw', p.is_nsfw,
    'event_timestamp', private.iso_timestamp(p.event_timestamp),
    'info_boxes', coalesce((
      select jsonb_agg(jsonb_build_object('title', b.title, 'content', b.content, 'entries', private.info_box_entries(b.content, b.key_order),
                                          'order', b.rn - 1) order by b.rn)
      from (
        select ib.title, ib.content, ib.key_order, row_number() over (order by ib.position, ib.id) as rn
        from public.info_boxes ib
        where ib.post_id = p.id
      ) b), '[]'::jsonb)
  )
  from public.posts p
  where p.id = p_post_id
$$;

-- One info box sent by a client, as private.post_snapshot gives it (without its
-- order): {title, content, entries}. `entries` ([key, value] pairs) carries
-- the author's order of keys; a box with only the SPEC's `content` map takes
-- the map's order. The rules and messages are the info_boxes trigger's.
create or replace function private.normalize_info_box(box jsonb)
returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  title text := private.trim_ws(box ->> 'title');
  entries jsonb := nullif(box -> 'entries', 'null'::jsonb);
  content jsonb := coalesce(nullif(box -> 'content', 'null'::jsonb), '{}'::jsonb);
begin
  if entries is null then
    perform private.check_info_box(title, content);
    entries := private.info_box_entries(content, '{}');
  else
    if jsonb_typeof(entries) <> 'array' or exists (
         select 1 from jsonb_array_elements(entries) e
         where case when jsonb_typeof(e) = 'array'
                    then jsonb_array_length(e) <> 2 or jsonb_typeof(e -> 0) <> 'string' or jsonb_typeof(e -> 1) <> 'string'
                    else true end) then
      raise exception 'Info box entries must be [key, value] pairs of text.' using errcode = 'PT400';
    end if;
    if (select count(distinct e ->> 0) <> count(*) from jsonb_array_elements(entries) e) then
      raise exception 'An info box cannot have the same key twice.' using errcode = 'PT400';
    end if;
    content := coalesce((select jsonb_object_agg(e ->> 0, e -> 1) from jsonb_array_elements(entries) e), '{}'::jsonb);
    perform private.check_info_box(title, content);
  end if;
  return jsonb_build_object('title', title, 'content', content, 'entries', entries);
end;
$$;

-- Validates fields sent by a client and brings them to the snapshot's form,
-- so that unchanged fields compare equal. Only the keys in `allowed` are
-- accepted; the rules and messages are those of the posts table's triggers.
create or replace function private.normalize_post_changes(changes jsonb, allowed text[])
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  result jsonb := '{}';
  k text;
  v jsonb;
  ts timestamptz;
  boxes jsonb;
begin
  if changes is null or jsonb_typeof(changes) <> 'object' then
    raise exception 'The changes must be a JSON object.' using errcode = 'PT400';
  end if;

  for k, v in select e.key, e.value from jsonb_each(changes) e loop
    if not (k = any (allowed)) then
      raise exception 'The field "%" cannot be changed here.', k using errcode = 'PT400';
    end if;

    case k
      when 'title', 'excerpt', 'content' then
        if jsonb_typeof(v) <> 'string' or private.trim_ws(v #>> '{}') = '' then
          raise exception '% is required.', initcap(k) using errcode = 'PT400';
        end if;
        result := result || jsonb_build_object(k, private.trim_ws(v #>> '{}'));
        perform private.check_post_field_lengths(
          p_title => result ->> 'title', p_excerpt => result ->> 'excerpt', p_content => result ->> 'content');
      when 'post_type' then
        if jsonb_typeof(v) <> 'string' or lower(private.trim_ws(v #>> '{}')) !~ '^[a-z_]{1,30}$' then
          raise exception 'The post type must be 1 to 30 lowercase letters or underscores.' using errcode = 'PT400';
        end if;
        result := result || jsonb_build_object(k, lower(private.trim_ws(v #>> '{}')));
      when 'tags' then
        result := result || jsonb_build_object(k, to_jsonb(private.jsonb_to_tags(v)));
        perform private.check_post_field_lengths(p_tags => private.jsonb_to_tags(v));
      when 'citations' then
        if jsonb_typeof(v) not in ('string', 'null') then
          raise exception 'References must be text.' using errcode = 'PT400';
        end if;
        result := result || jsonb_build_object(k, nullif(private.trim_ws(v #>> '{}'), ''));
        perform private.check_post_field_lengths(p_citations => result ->> k);
      when 'is_nsfw' then
        if jsonb_typeof(v) <> 'boolean' then
          raise exception 'is_nsfw must be true or false.' using errcode = 'PT400';
        end if;
        result := result || jsonb_build_object(k, v);
      when 'event_timestamp' then
        if jsonb_typeof(v) = 'null' or private.trim_ws(coalesce(v #>> '{}', '')) = '' then
          result := result || jsonb_build_object(k, null);
        else
          begin
            ts := (v #>> '{}')::timestamptz;
          exception when others then
            raise exception 'event_timestamp must be an ISO date and time.' using errcode = 'PT400';
          end;
          perform private.check_event_timestamp(ts);
          result := result || jsonb_build_object(k, private.iso_timestamp(ts));
        end if;
      when 'info_boxes' then
        if jsonb_typeof(v) <> 'array' then
          raise exception 'Info boxes must be a list.' using errcode = 'PT400';
        end if;
        perform private.check_info_box_count(jsonb_array_length(v));
        -- A box that is not an object has no title, and is refused as such.
        select coalesce(jsonb_agg(x.box || jsonb_build_object('order', x.rn - 1) order by x.rn), '[]')
          into boxes
          from (
            select private.normalize_info_box(b.value) as box,
                   row_number() over (order by coalesce((b.value ->> 'order')::numeric, b.ord - 1), b.ord) as rn
            from jsonb_array_elements(v) with ordinality as b (value, ord)
          ) x;
        result := result || jsonb_build_object(k, boxes);
    end case;
  end loop;
  return result;
end;
$$;

-- Applies normalised changes to a post: its columns by name, so a new field
-- needs no change here; info boxes are replaced as a whole.
create or replace function private.apply_post_changes(p_post_id bigint, changes jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  columns jsonb := changes - 'info_boxes';
begin
  if columns <> '{}' then
    -- The keys were checked against private.editable_post_fields() by
    -- private.normalize_post_changes; %I quotes them all the same.
    execute format(
      'update public.posts p set %s from jsonb_populate_record(null::public.posts, $1) r where p.id = $2',
      (select string_agg(format('%I = r.%I', c.key, c.key), ', ') from jsonb_object_keys(columns) c (key)))
      using columns, p_post_id;
  end if;

  if changes ? 'info_boxes' then
    delete from public.info_boxes where post_id = p_post_id;
    insert into public.info_boxes (post_id, title, content, key_order, position)
    select p_post_id, b.value ->> 'title', b.value -> 'content', private.info_box_keys(b.value), (b.ord - 1)::integer
    from jsonb_array_elements(changes -> 'info_boxes') with ordinality as b (value, ord);
  end if;
end;
$$;

-- ============================================================================
-- Storage bucket for media (served publicly at /images/{object_path})
-- ============================================================================
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media', 'media', true, 52428800,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'video/mp4', 'video/webm']
)
on conflict (id) do nothing;

-- ============================================================================
-- private.create_post: a post with its info boxes and media, in one go
-- ============================================================================
-- Security invoker: RLS and the triggers above apply to the caller.
-- p: the editable fields (private.editable_post_fields()) and
--    media: [{object_path, media_type}]. Fields not given take the column's
--    default; title, excerpt and content are required by posts_validate.
create or replace function private.create_post(p jsonb)
returns bigint
language plpgsql security invoker set search_path = '' as $$
declare
  fields jsonb;
  columns text;
  new_id bigint;
begin
  perform private.require_user();
  if p is null or jsonb_typeof(p) <> 'object' then
    raise exception 'The post must be a JSON object.' using errcode = 'PT400';
  end if;
  if jsonb_typeof(coalesce(p -> 'media', '[]')) <> 'array' then
    raise exception 'Media must be a list.' using errcode = 'PT400';
  end if;
  fields := private.normalize_post_changes(p - 'media', private.editable_post_fields());

  -- The columns by name, as private.apply_post_changes does; the required
  -- ones always, so a missing one reaches posts_validate as null.
  select string_agg(format('%I', c.name), ', ') into columns
    from (select unnest(array['title', 'excerpt', 'content']) union select jsonb_object_keys(fields - 'info_boxes')) c (name);
  execute format('insert into public.posts (%1$s) select %1$s from jsonb_populate_record(null::public.posts, $1) returning id', columns)
    into new_id using fields;

  perform private.attach_submission(new_id, coalesce(fields -> 'info_boxes', '[]'), coalesce(p -> 'media', '[]'));
  return new_id;
end;
$$;

-- The info boxes and media of a submission, written with the post: only for the
-- caller's own pending post created in this same transaction (now() is the
-- transaction's start, and the posts trigger sets created_at to it), so an
-- author cannot add to a post after submitting it.
create or replace function private.attach_submission(p_post_id bigint, p_info_boxes jsonb, p_media jsonb)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (
    select 1 from public.posts p
    where p.id = p_post_id and p.author_id = (select auth.uid()) and p.status = 'pending' and p.created_at = now()
  ) then
    raise exception 'Post not found.' using errcode = 'PT404';
  end if;

  insert into public.info_boxes (post_id, title, content, key_order, position)
  select p_post_id, b.value ->> 'title', coalesce(b.value -> 'content', '{}'), private.info_box_keys(b.value),
         coalesce((b.value ->> 'order')::integer, (b.ord - 1)::integer)
  from jsonb_array_elements(p_info_boxes) with ordinality as b (value, ord);

  insert into public.post_media (post_id, object_path, media_type, width, height, position)
  select p_post_id, m.value ->> 'object_path', m.value ->> 'media_type', (m.value ->> 'width')::integer,
         (m.value ->> 'height')::integer, (m.ord - 1)::integer
  from jsonb_array_elements(p_media) with ordinality as m (value, ord);
end;
$$;

-- ============================================================================
-- An author's own post while it waits for review: edit and withdraw
-- ============================================================================
-- Reached through private.update_post and private.delete_post (PUT and DELETE
-- /api/posts/{id}), which send every caller but an admin here. Once reviewed,
-- a post changes only through an admin (members suggest edits).

-- Locks the row with id p_id for a change (an author's or an admin's) and
-- returns it, or raises PT404 with p_not_found. p_row is a null of the
-- table's row type (null::public.posts): it names both the table and what is
-- returned, so one function locks posts, comments, revisions and suggestions.
create or replace function private.lock_row(p_row anyelement, p_id bigint, p_not_found text)
returns anyelement
language plpgsql security definer set search_path = '' as $$
declare
  locked alias for $0;
  found_rows integer;
begin
  execute format('select * from %s where id = $1 for update', pg_typeof(p_row)) into locked using p_id;
  get diagnostics found_rows = row_count;
  if found_rows = 0 then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  return locked;
end;
$$;

create or replace function private.lock_post(p_post_id bigint)
returns public.posts
language sql security definer set search_path = '' as $$
  select private.lock_row(null::public.posts, p_post_id, 'Post not found.')
$$;

-- The caller's own pending post, locked: PT404 when the caller cannot see
-- it, PT403 when it is someone else's or already published, PT409 once
-- rejected. Suspended members and accounts without the 18+ confirmation
-- cannot change it (private.require_adult_member).
-- Of the given storage paths, those no media row refers to any more.
create or replace function private.unreferenced_media(paths text[])
returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(distinct x.path), '{}')
  from unnest(paths) as x (path)
  where x.path is not null
    and not exists (select 1 from public.post_media m where m.object_path = x.path)
$$;

-- A post's media after an edit: those not in p_keep_media (null: all stay)
-- are removed, p_new_media ([{object_path, media_type, width, height}]) is appended after
-- the last position. Returns the removed storage paths, some of which other
-- media rows may still use (private.unreferenced_media). For
-- private.update_own_post and an admin's private.update_post.
create or replace function private.edit_post_media(p_post_id bigint, p_keep_media text[], p_new_media jsonb)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  paths text[] := '{}';
  next_position integer;
begin
  if p_new_media is not null and jsonb_typeof(p_new_media) <> 'array' then
    raise exception 'New media must be a list.' using errcode = 'PT400';
  end if;
  if p_keep_media is not null then
    with removed as (
      delete from public.post_media
       where post_id = p_post_id and not (object_path = any (p_keep_media))
      returning object_path
    )
    select coalesce(array_agg(object_path), '{}') into paths from removed;
  end if;
  select coalesce(max(position) + 1, 0) into next_position from public.post_media where post_id = p_post_id;
  insert into public.post_media (post_id, object_path, media_type, width, height, position)
  select p_post_id, m.value ->> 'object_path', m.value ->> 'media_type', (m.value ->> 'width')::integer,
         (m.value ->> 'height')::integer, next_position + (m.ord - 1)::integer
  from jsonb_array_elements(coalesce(p_new_media, '[]')) with ordinality as m (value, ord);
  return paths;
end;
$$;

create or replace function private.lock_own_pending_post(p_post_id bigint)
returns public.posts
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
  p public.posts := private.lock_post(p_post_id);
begin
  if p.author_id is distinct from uid and p.status <> 'approved' then
    raise exception 'Post not found.' using errcode = 'PT404';
  elsif p.author_id is distinct from uid then
    raise exception 'You can only change your own posts.' using errcode = 'PT403';
  elsif p.status = 'approved' then
    raise exception 'Your post is published: only admins edit it now. Please suggest an edit instead.' using errcode = 'PT403';
  elsif p.status <> 'pending' then
    raise exception 'This post has already been reviewed.' using errcode = 'PT409';
  end if;
  perform private.require_adult_member(uid);
  return p;
end;
$$;

-- The author's edit: the fields of a new post with the same rules and limits
-- (private.normalize_post_changes, the posts, info box and media triggers),
-- the media to keep (null: all) and new media. It moves posts.updated_at, so
-- an admin who opened the post before gets 409 on approving or rejecting it.
-- An edit starts no posting cooldown; members may edit 20 times an hour.
-- Returns the storage paths of removed media, which the API deletes.
create or replace function private.update_own_post(
  p_post_id bigint,
  p_fields jsonb,
  p_keep_media text[] default null,
  p_new_media jsonb default '[]'
)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  p public.posts := private.lock_own_pending_post(p_post_id);
  changes jsonb := private.normalize_post_changes(coalesce(p_fields, '{}'), private.editable_post_fields());
  paths text[];
begin
  -- Before the hourly limit, so a malformed request is told what is wrong with it.
  if p_new_media is not null and jsonb_typeof(p_new_media) <> 'array' then
    raise exception 'New media must be a list.' using errcode = 'PT400';
  end if;
  if not private.is_moderator() and not private.hit_rate_limit(p.author_id, 'post-edit', 20, interval '1 hour') then
    raise exception 'You can edit your posts at most 20 times an hour. Please try again later.' using errcode = 'PT429';
  end if;
  perform private.apply_post_changes(p_post_id, changes);
  -- Two statements: the second must see the first's deletes.
  paths := private.edit_post_media(p_post_id, p_keep_media, p_new_media);
  return private.unreferenced_media(paths);
end;
$$;

-- What is left of a post its author withdrew: its title and when it was
-- sent and withdrawn, for its author alone in My contributions
-- (private.my_withdrawn_posts), so a post taken back does not vanish without
-- a word. Its content, media and info boxes go with the post; this row goes
-- with the account.
create table private.withdrawn_posts (
  post_id bigint primary key,
  author_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  created_at timestamptz not null,
  withdrawn_at timestamptz not null default now()
);

create index withdrawn_posts_author_id_withdrawn_at_idx on private.withdrawn_posts (author_id, withdrawn_at desc, post_id desc);

alter table private.withdrawn_posts enable row level security;
revoke all on private.withdrawn_posts from public, anon, authenticated;
-- No policies: only security definer functions touch it.

-- The author takes their pending post back: it is deleted with its info
-- boxes and media, its title kept in private.withdrawn_posts. Returns the
-- media's storage paths, which the API deletes.
create or replace function private.withdraw_post(p_post_id bigint)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  p public.posts := private.lock_own_pending_post(p_post_id);
  paths text[];
begin
  select coalesce(array_agg(m.object_path), '{}') into paths from public.post_media m where m.post_id = p.id;
  insert into private.withdrawn_posts (post_id, author_id, title, created_at) values (p.id, p.author_id, p.title, p.created_at);
  delete from public.posts where id = p.id;
  return private.unreferenced_media(paths);
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
-- Pure helpers used by triggers and constraints while running as the caller.
grant execute on function private.normalize_info_box(jsonb), private.editable_post_fields(),
  private.suggestible_post_fields(), private.iso_timestamp(timestamptz) to anon, authenticated, service_role;
grant execute on function private.create_post(jsonb), private.attach_submission(bigint, jsonb, jsonb),
  private.normalize_post_changes(jsonb, text[]) to authenticated;
