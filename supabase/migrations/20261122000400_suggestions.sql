-- Edit suggestions on posts (only the changed fields are kept) and general
-- suggestions to the operators. The fields a suggestion may change and their
-- rules are the posts' own (private.normalize_post_changes in …000200_posts).

-- ============================================================================
-- Types and helpers
-- ============================================================================
create type public.review_status as enum ('pending', 'approved', 'rejected');

-- At most p_max rows an hour in p_table from the calling member, whose id is
-- in p_user_column (moderators and admins are not limited, as with the post cooldown), who
-- must have confirmed 18+ (private.check_recent_rows counts them).
create or replace function private.check_hourly_limit(p_table text, p_max integer, p_message text, p_user_column text default 'user_id')
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    return;
  end if;
  perform private.require_adult_member(uid);
  if private.is_moderator() then
    return;
  end if;
  perform private.check_recent_rows(uid, p_table, p_table, p_user_column, p_max, interval '1 hour', p_message);
end;
$$;

-- ============================================================================
-- Edit suggestions
-- ============================================================================
create table public.edit_suggestions (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  summary text not null constraint edit_suggestions_summary_length check (char_length(btrim(summary)) between 1 and 2000),
  status public.review_status not null default 'pending',
  -- Only the fields that differ from the post, in the form of private.post_snapshot.
  changes jsonb not null constraint edit_suggestions_changes_object check (jsonb_typeof(changes) = 'object' and changes <> '{}'),
  -- The post's values of exactly those fields when the suggestion was made.
  original jsonb not null default '{}' constraint edit_suggestions_original_object check (jsonb_typeof(original) = 'object'),
  created_at timestamptz not null default now(),
  -- Who reviewed is in the moderation log, as for posts.
  reviewed_at timestamptz,
  -- Why an admin rejected it, for its author (private.reject_edit_suggestion).
  rejection_reason text constraint edit_suggestions_rejection_reason_length check (char_length(rejection_reason) <= 500)
);

create index edit_suggestions_pending_created_at_idx on public.edit_suggestions (created_at, id) where status = 'pending';
create index edit_suggestions_post_id_idx on public.edit_suggestions (post_id);
-- Also serves the hourly limit (private.check_hourly_limit).
create index edit_suggestions_user_id_created_at_idx on public.edit_suggestions (user_id, created_at);

alter table public.edit_suggestions enable row level security;
revoke all on public.edit_suggestions from anon, authenticated;
grant select, insert on public.edit_suggestions to authenticated;

-- Members read their own, moderators and admins all but what quotes a hidden
-- revision: that select policy is in …000480_post_revisions.sql, after the
-- history it reads.

create policy "Signed-in users suggest edits to approved posts as themselves"
  on public.edit_suggestions for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
  );

-- No update or delete policy: admins review through private functions.

create or replace function private.edit_suggestions_before_insert()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  post record;
  snapshot jsonb;
begin
  perform private.check_hourly_limit('edit_suggestions', 20, 'You can suggest at most 20 edits an hour. Please try again later.');
  select p.status, p.post_type into post from public.posts p where p.id = new.post_id;
  if not found or (uid is not null and post.status <> 'approved' and not private.is_moderator()) then
    raise exception 'Post not found.' using errcode = 'PT404';
  end if;

  new.changes := private.normalize_post_changes(
    coalesce(new.changes, '{}'),
    private.suggestible_post_fields());
  snapshot := private.post_snapshot(new.post_id);

  -- Keep only what differs from the post.
  select coalesce(jsonb_object_agg(c.key, c.value), '{}')
    into new.changes
    from jsonb_each(new.changes) c
   where c.value is distinct from snapshot -> c.key;

  if new.changes = '{}' then
    raise exception 'You haven''t made any changes.' using errcode = 'PT400';
  end if;

  new.summary := private.trim_ws(coalesce(new.summary, ''));
  if new.summary = '' then
    raise exception 'Please provide a brief summary of your edits.' using errcode = 'PT400';
  elsif char_length(new.summary) > 2000 then
    raise exception 'The summary can be at most 2000 characters.' using errcode = 'PT400';
  end if;

  if post.post_type = 'event' and new.changes -> 'event_timestamp' = 'null'::jsonb then
    raise exception 'An event needs an event date.' using errcode = 'PT400';
  end if;
  -- The post's links as approving it would leave them (the posts trigger checks them again then).
  if new.changes ?| array['content', 'citations'] then
    perform private.check_cited_links(
      coalesce(new.changes ->> 'content', snapshot ->> 'content'),
      case when new.changes ? 'citations' then new.changes ->> 'citations' else snapshot ->> 'citations' end);
  end if;

  select jsonb_object_agg(c.key, snapshot -> c.key) into new.original from jsonb_each(new.changes) c;

  if uid is not null then
    new.status := 'pending';
    new.created_at := now();
    new.reviewed_at := null;
    new.rejection_reason := null;
  end if;
  return new;
end;
$$;

create trigger edit_suggestions_10_before_insert
  before insert on public.edit_suggestions
  for each row execute function private.edit_suggestions_before_insert();

-- ============================================================================
-- General suggestions
-- ============================================================================
create table public.suggestions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  suggestion text not null constraint suggestions_suggestion_length
    check (char_length(suggestion) between 1 and 500 and suggestion = btrim(suggestion)),
  status text not null default 'new' constraint suggestions_status_format check (status ~ '^[a-z_]{1,30}$'),
  created_at timestamptz not null default now()
);

-- The suggestion box's pages, newest first, all of them or those with one status (private.list_suggestions).
create index suggestions_created_at_id_idx on public.suggestions (created_at, id);
create index suggestions_status_created_at_id_idx on public.suggestions (status, created_at, id);
create index suggestions_user_id_created_at_idx on public.suggestions (user_id, created_at);

alter table public.suggestions enable row level security;
revoke all on public.suggestions from anon, authenticated;
grant select, insert on public.suggestions to authenticated;

create policy "Signed-in users can send suggestions as themselves"
  on public.suggestions for insert to authenticated
  with check (user_id = (select auth.uid()));

-- Users see only what they sent themselves (so `insert ... returning` works);
-- the suggestion box as a whole is for moderators and admins.
create policy "Users can read their own suggestions and moderators and admins can read all"
  on public.suggestions for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_moderator()));

create or replace function private.suggestions_before_insert()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  perform private.check_hourly_limit('suggestions', 10, 'You can send at most 10 suggestions an hour. Please try again later.');
  new.suggestion := private.trim_ws(coalesce(new.suggestion, ''));
  if new.suggestion = '' then
    raise exception 'Please write a suggestion.' using errcode = 'PT400';
  elsif char_length(new.suggestion) > 500 then
    raise exception 'A suggestion can be at most 500 characters.' using errcode = 'PT400';
  end if;
  if (select auth.uid()) is not null then
    new.status := 'new';
    new.created_at := now();
  end if;
  return new;
end;
$$;

create trigger suggestions_10_before_insert
  before insert on public.suggestions
  for each row execute function private.suggestions_before_insert();

revoke execute on all functions in schema private from public;
grant execute on function private.check_hourly_limit(text, integer, text, text) to authenticated;
