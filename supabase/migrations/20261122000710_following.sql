-- Following and how a member wants to hear of things: a member follows a
-- post (its new comments), a tag (its new posts) or an author (their new
-- posts), and chooses per topic whether a notification also comes by e-mail
-- at once, in a daily digest, or stays in the bell. The notifications these
-- make are written by the jobs (…000720_email.sql), never in the request
-- that published the post or the comment.

-- ============================================================================
-- Follows: one table per thing followed, each row its member's own
-- ============================================================================
create table public.post_follows (
  member_id uuid not null references public.profiles (id) on delete cascade,
  post_id bigint not null references public.posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (member_id, post_id)
);

create table public.tag_follows (
  member_id uuid not null references public.profiles (id) on delete cascade,
  -- As posts keep their tags: lower-case and trimmed (private.normalize_tags).
  tag text not null constraint tag_follows_tag_format check (
    char_length(tag) between 1 and 50 and tag = lower(private.trim_ws(tag))),
  created_at timestamptz not null default now(),
  primary key (member_id, tag)
);

create table public.author_follows (
  member_id uuid not null references public.profiles (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (member_id, author_id),
  constraint author_follows_not_self check (member_id <> author_id)
);

comment on table public.post_follows is 'Who hears of a post''s new comments. Its author follows it from the start.';
comment on table public.tag_follows is 'Who hears of new posts carrying a tag.';
comment on table public.author_follows is 'Who hears of an author''s new posts.';

-- The fan-out reads followers by the thing followed; the account page reads a member's own, newest first.
create index post_follows_post_id_idx on public.post_follows (post_id);
create index post_follows_member_id_created_at_idx on public.post_follows (member_id, created_at desc);
create index tag_follows_tag_idx on public.tag_follows (tag);
create index tag_follows_member_id_created_at_idx on public.tag_follows (member_id, created_at desc);
create index author_follows_author_id_idx on public.author_follows (author_id);
create index author_follows_member_id_created_at_idx on public.author_follows (member_id, created_at desc);

alter table public.post_follows enable row level security;
alter table public.tag_follows enable row level security;
alter table public.author_follows enable row level security;
revoke all on public.post_follows, public.tag_follows, public.author_follows from anon, authenticated;
grant select, insert, delete on public.post_follows, public.tag_follows, public.author_follows to authenticated;

create policy "Members read the posts they follow"
  on public.post_follows for select to authenticated
  using (member_id = (select auth.uid()));
-- A post the member can read (the posts policy): a visitor's link to a pending post follows nothing.
create policy "Members follow posts they can read"
  on public.post_follows for insert to authenticated
  with check (member_id = (select auth.uid()) and exists (select 1 from public.posts p where p.id = post_id));
create policy "Members stop following posts"
  on public.post_follows for delete to authenticated
  using (member_id = (select auth.uid()));

create policy "Members read the tags they follow"
  on public.tag_follows for select to authenticated
  using (member_id = (select auth.uid()));
create policy "Members follow tags"
  on public.tag_follows for insert to authenticated
  with check (member_id = (select auth.uid()));
create policy "Members stop following tags"
  on public.tag_follows for delete to authenticated
  using (member_id = (select auth.uid()));

create policy "Members read the authors they follow"
  on public.author_follows for select to authenticated
  using (member_id = (select auth.uid()));
-- Only an author with a public page (private.has_public_contribution): following cannot confirm that an account exists.
create policy "Members follow authors with a public page"
  on public.author_follows for insert to authenticated
  with check (member_id = (select auth.uid()) and private.has_public_contribution(author_id));
create policy "Members stop following authors"
  on public.author_follows for delete to authenticated
  using (member_id = (select auth.uid()));

-- An author follows their own post from the start, so they hear of every
-- comment, not only the top-level ones (post_comment); unfollowing it sticks.
create or replace function private.posts_follow_own()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.author_id is not null then
    begin
      insert into public.post_follows (member_id, post_id) values (new.author_id, new.id) on conflict do nothing;
    exception when sqlstate 'PT409' then
      -- At the cap of follows the post is written all the same; its author still hears of its top-level comments (post_comment).
      null;
    end;
  end if;
  return null;
end;
$$;

create trigger posts_80_follow_own
  after insert on public.posts
  for each row execute function private.posts_follow_own();

-- How many of each kind a member may follow: enough for anyone reading, and a
-- bound on the fan-out one account can cause. The API names it in its message.
create or replace function private.follows_limit()
returns integer
language sql immutable set search_path = '' as $$ select 1000 $$;

-- Counted under a lock per member and kind, so two requests at once cannot both take the last place.
create or replace function private.follows_cap()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
  v_what text := case tg_table_name when 'post_follows' then 'posts' when 'tag_follows' then 'tags' else 'authors' end;
begin
  -- Following again what one follows is no new place (the insert's "on conflict do nothing" passes it over).
  -- One branch per table: a record has only its own table's fields.
  if tg_table_name = 'post_follows' then
    if exists (select 1 from public.post_follows f where f.member_id = new.member_id and f.post_id = new.post_id) then
      return new;
    end if;
  elsif tg_table_name = 'tag_follows' then
    if exists (select 1 from public.tag_follows f where f.member_id = new.member_id and f.tag = new.tag) then
      return new;
    end if;
  elsif exists (select 1 from public.author_follows f where f.member_id = new.member_id and f.author_id = new.author_id) then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(tg_table_name || ':' || new.member_id::text, 0));
  execute pg_catalog.format('select count(*) from public.%I where member_id = $1', tg_table_name) into v_count using new.member_id;
  if v_count >= private.follows_limit() then
    raise exception 'You can follow at most % %. Unfollow some on your account page first.',
      pg_catalog.to_char(private.follows_limit(), 'FM9,999'), v_what
      using errcode = 'PT409';
  end if;
  return new;
end;
$$;

create trigger post_follows_10_cap before insert on public.post_follows
  for each row execute function private.follows_cap();
create trigger tag_follows_10_cap before insert on public.tag_follows
  for each row execute function private.follows_cap();
create trigger author_follows_10_cap before insert on public.author_follows
  for each row execute function private.follows_cap();

-- ============================================================================
-- Preferences: per member and topic; no row means the topic's default
-- ============================================================================
create table public.notification_preferences (
  member_id uuid not null references public.profiles (id) on delete cascade,
  topic text not null constraint notification_preferences_topic_valid check (
    topic in ('decisions', 'replies', 'comments', 'account', 'following')),
  delivery text not null constraint notification_preferences_delivery_valid check (
    delivery in ('immediate', 'digest', 'bell')),
  updated_at timestamptz not null default now(),
  primary key (member_id, topic)
);

comment on table public.notification_preferences is
  'How a member hears of each topic besides the bell: e-mail at once, in the daily digest, or not. No row: private.default_delivery.';

-- A name Postgres knows as a time zone (the IANA database's names, as browsers give them).
create or replace function private.is_time_zone(p_name text)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_name);
end;
$$;

-- When and where a member's daily digest goes out: at digest_hour in time_zone.
create table public.digest_settings (
  member_id uuid primary key references public.profiles (id) on delete cascade,
  time_zone text not null default 'UTC' constraint digest_settings_time_zone_valid check (private.is_time_zone(time_zone)),
  digest_hour smallint not null default 8 constraint digest_settings_digest_hour_range check (digest_hour between 0 and 23),
  updated_at timestamptz not null default now()
);

alter table public.notification_preferences enable row level security;
alter table public.digest_settings enable row level security;
revoke all on public.notification_preferences, public.digest_settings from anon, authenticated;
grant select, insert, update, delete on public.notification_preferences, public.digest_settings to authenticated;

create policy "Members read their notification preferences"
  on public.notification_preferences for select to authenticated
  using (member_id = (select auth.uid()));
create policy "Members add their notification preferences"
  on public.notification_preferences for insert to authenticated
  with check (member_id = (select auth.uid()));
create policy "Members change their notification preferences"
  on public.notification_preferences for update to authenticated
  using (member_id = (select auth.uid())) with check (member_id = (select auth.uid()));
create policy "Members reset their notification preferences"
  on public.notification_preferences for delete to authenticated
  using (member_id = (select auth.uid()));

create policy "Members read their digest settings"
  on public.digest_settings for select to authenticated
  using (member_id = (select auth.uid()));
create policy "Members add their digest settings"
  on public.digest_settings for insert to authenticated
  with check (member_id = (select auth.uid()));
create policy "Members change their digest settings"
  on public.digest_settings for update to authenticated
  using (member_id = (select auth.uid())) with check (member_id = (select auth.uid()));
create policy "Members reset their digest settings"
  on public.digest_settings for delete to authenticated
  using (member_id = (select auth.uid()));

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function private.posts_follow_own(), private.follows_cap(), private.follows_limit(), private.is_time_zone(text) from public;
-- The digest settings' check runs as the member who writes them.
grant execute on function private.is_time_zone(text) to authenticated, service_role;
