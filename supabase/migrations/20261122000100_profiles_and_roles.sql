-- Profiles (public names of users) and roles (admin and moderator live here).
--
-- Conventions of every migration in this project:
--   * RLS is enabled on every table; one policy per operation and role, named
--     as a sentence; `(select auth.uid())` so the value is computed once.
--   * Each table grants the API roles exactly the privileges its policies
--     use: Supabase grants every privilege on a new table in public, and
--     TRUNCATE, REFERENCES and TRIGGER are not governed by row-level security.
--   * Helpers that must bypass RLS are `security definer` functions in the
--     schema `private` (not exposed by the API), with `set search_path = ''`
--     and fully qualified names.
--   * Errors meant for people are raised with SQLSTATE `PTxxx` (PostgREST's
--     convention: xxx is the HTTP status) and a message the API shows as is.
--   * One file per domain, using only what the files before it create, and
--     ending with its privileges; a function's attributes (language,
--     volatility, security, settings) on the one line after `returns`.
--   * Comments say why; the measurements behind them are in
--     bench/findings.md, cited by section name.

-- ============================================================================
-- Schema `private`
-- ============================================================================
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Every migration ends by revoking execute on the functions in `private` from
-- public and granting it on exactly the functions the API roles call.

-- ============================================================================
-- Roles
-- ============================================================================
create type public.app_role as enum ('admin', 'moderator');

-- ============================================================================
-- Profiles
-- ============================================================================
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text constraint profiles_first_name_length check (char_length(first_name) <= 60),
  last_name text constraint profiles_last_name_length check (char_length(last_name) <= 60),
  display_name text not null constraint profiles_display_name_length check (char_length(display_name) <= 130),
  -- Set from the sign-up's user metadata and never unset (private.require_adult_member).
  adult_confirmed boolean not null default false,
  -- Set by private.suspend_user: null, or until when ('infinity': for good)
  -- the member may read but not write (private.require_adult_member).
  suspended_until timestamptz,
  suspension_reason text constraint profiles_suspension_reason_length check (char_length(suspension_reason) <= 500),
  -- The look-alike keys (private.name_keys) of the name the person chose
  -- (never of a " (member)" the site adds; none without a name), kept by the
  -- trigger profiles_10_name_keys, so a new name is compared with the team's
  -- without working theirs out again for every sign-up, and the copies of a
  -- name are found when it becomes protected or stops being so.
  name_keys text[] not null default '{}',
  created_at timestamptz not null default now()
);

comment on table public.profiles is
  'Public names of users, kept in sync with auth.users by triggers. Never holds e-mail addresses.';

alter table public.profiles enable row level security;

-- Who may read which profile depends on posts, comments and revisions, so
-- those policies are in …000480_post_revisions.sql. Only the id and the display
-- name are ever readable through the API roles: first and last name and the
-- sign-up time stay with the database, so the member list cannot be enumerated
-- (an author page shows a public author's sign-up month: private.public_author).
revoke all on public.profiles from anon, authenticated;
grant select (id, display_name) on public.profiles to anon, authenticated;

-- No insert, update or delete policy: only the triggers below write profiles.

-- Trims all leading and trailing whitespace (newlines and tabs too), as JavaScript's trim() does.
--
-- PL/pgSQL, as is every helper that a request's statement calls: up to
-- Postgres 17, a SQL function with a SET clause is never inlined and is
-- parsed and planned again on every call of the statement that calls it,
-- where PL/pgSQL keeps its plans for the session (bench/findings.md,
-- "Helpers parsed on every call").
create or replace function private.trim_ws(value text)
returns text
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  return regexp_replace(value, '^\s+|\s+$', '', 'g');
end;
$$;

-- The page size every paged reader takes: 1 to 100 shown, plus the one more
-- row a reader fetches to learn whether another page follows.
create or replace function private.require_page_limit(p_limit integer)
returns void
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  if p_limit is null or p_limit not between 1 and 101 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
end;
$$;

-- The arguments of a team queue read whole (no limit, the SPEC's calls) or a
-- page at a time (1 to 100), after a cursor of a row's time and id, both or
-- neither: private.pending_posts, pending_edit_suggestions, list_suggestions.
create or replace function private.require_queue_page(p_limit integer, p_after_key text, p_after_id text, p_row text)
returns void
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  if p_limit is not null and p_limit not between 1 and 100 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if (p_after_key is null) <> (p_after_id is null) then
    raise exception 'A cursor is the time and the id of %.', p_row using errcode = 'PT400';
  end if;
end;
$$;

-- A name part as stored: what the eye reads. NFKC folds compatibility forms
-- (fullwidth letters, ligatures, odd spaces) into plain ones, invisible
-- characters go (private.strip_invisible, …000050_name_lookalikes.sql),
-- whitespace runs become one space; then trimmed and at most 60 characters.
-- Auth writes the metadata, so a longer name is cut rather than refused: an
-- error in a trigger on auth.users would reach the user as Auth's generic
-- "Database error saving new user". The sign-up form says 60 before sending.
create or replace function private.name_part(value text)
returns text
language sql immutable set search_path = '' as $$
  select nullif(left(private.trim_ws(regexp_replace(private.strip_invisible(normalize(value, nfkc)), '\s+', ' ', 'g')), 60), '')
$$;

-- A name's confusable skeleton (Unicode TR39: decompose, map every character
-- to the prototype it looks like, decompose again), without case: names
-- whose skeletons match look alike, whatever the script of their letters.
create or replace function private.name_skeleton(value text)
returns text
language plpgsql stable set search_path = '' as $$
begin
  return (
    -- One primary-key lookup a character: a join would hash the whole table on every call.
    select lower(normalize(string_agg(
             coalesce((select c.prototype from private.confusable_prototypes c where c.source = t.character), t.character),
             '' order by t.position), nfd))
    from regexp_split_to_table(normalize(private.trim_ws(regexp_replace(value, '\s+', ' ', 'g')), nfd), '')
           with ordinality as t (character, position));
end;
$$;

-- A name's look-alike keys: its skeleton as written (a capital "I" looks like
-- an "l") and once lowercased (so "jordan" matches "Jordan"). Two names that
-- share a key look alike.
create or replace function private.name_keys(value text)
returns text[]
language plpgsql stable set search_path = '' as $$
begin
  return array[private.name_skeleton(value), private.name_skeleton(lower(value))];
end;
$$;

-- The keys of the name chosen ("first last"; none for an account without a
-- name, shown as "Member", which protects nothing and copies nobody).
create or replace function private.profiles_set_name_keys()
returns trigger
language plpgsql set search_path = '' as $$
declare
  chosen text := nullif(concat_ws(' ', new.first_name, new.last_name), '');
begin
  new.name_keys := case when chosen is null then '{}' else private.name_keys(chosen) end;
  return new;
end;
$$;

create trigger profiles_10_name_keys
  before insert or update of first_name, last_name on public.profiles
  for each row execute function private.profiles_set_name_keys();

-- The name shown as author_name: "first last", else "Member". Never derived
-- from the e-mail address, which is private. Names of the team (admins and
-- moderators) are protected: nobody else may appear under one, and anyone who
-- is not on the team and picks a look-alike is shown as "… (member)". Team
-- members may share a name.
create or replace function private.public_name(p_user_id uuid, meta jsonb)
returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  chosen text := nullif(concat_ws(' ', private.name_part(meta ->> 'first_name'), private.name_part(meta ->> 'last_name')), '');
  keys text[];
begin
  if chosen is null then
    return 'Member';
  end if;
  keys := private.name_keys(chosen);
  if not exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role in ('admin', 'moderator'))
     and exists (
       select 1 from public.profiles pr
       join public.user_roles r on r.user_id = pr.id and r.role in ('admin', 'moderator')
       where pr.id <> p_user_id and pr.name_keys && keys)
  then
    return chosen || ' (member)';
  end if;
  return chosen;
end;
$$;

-- The protection follows the name and the role: when someone joins or
-- leaves the team, or a team member changes their name, every name that
-- looks like theirs (p_keys: their old and new keys) is worked out again, so
-- a member who already used it is shown as "… (member)" from then on, and
-- loses the mark once no one on the team has it. Their posts' and comments'
-- cards follow (profiles_50_cards).
create or replace function private.refresh_names_like(p_keys text[])
returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles p
     set display_name = private.public_name(p.id, u.raw_user_meta_data)
    from auth.users u
   where u.id = p.id
     and p.name_keys && p_keys
     and p.display_name is distinct from private.public_name(p.id, u.raw_user_meta_data);
end;
$$;

-- A team member's new name protects itself, and frees the old one.
create or replace function private.profiles_refresh_names_like()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.user_roles r where r.user_id = new.id and r.role in ('admin', 'moderator')) then
    perform private.refresh_names_like(old.name_keys || new.name_keys);
  end if;
  return null;
end;
$$;

create trigger profiles_20_protected_names
  after update of first_name, last_name on public.profiles
  for each row
  when (old.name_keys is distinct from new.name_keys)
  execute function private.profiles_refresh_names_like();

create or replace function private.handle_new_user()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, first_name, last_name, display_name, adult_confirmed)
  values (
    new.id,
    private.name_part(new.raw_user_meta_data ->> 'first_name'),
    private.name_part(new.raw_user_meta_data ->> 'last_name'),
    private.public_name(new.id, new.raw_user_meta_data),
    coalesce(new.raw_user_meta_data -> 'adult_confirmed' = 'true'::jsonb, false)
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

-- The 18+ confirmation is never changed here: only the sign-up sets it (the
-- hook checked it); private.keep_protected_user_metadata keeps it in Auth too.
create or replace function private.handle_updated_user()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles
     set first_name = private.name_part(new.raw_user_meta_data ->> 'first_name'),
         last_name = private.name_part(new.raw_user_meta_data ->> 'last_name'),
         display_name = private.public_name(new.id, new.raw_user_meta_data)
   where id = new.id;
  return new;
end;
$$;

-- What a member cannot change about themselves through Auth (PUT /auth/v1/user
-- writes any user metadata): the 18+ confirmation, which only the sign-up
-- gives, and, while suspended, their name, which is on all their content.
-- The old values are kept rather than the update refused: an error here would
-- reach them as Auth's generic "Database error updating user".
create or replace function private.keep_protected_user_metadata()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kept text[] := array['adult_confirmed'];
  field text;
begin
  if exists (select 1 from public.profiles p where p.id = new.id and p.suspended_until > now()) then
    kept := kept || array['first_name', 'last_name'];
  end if;
  new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}'::jsonb) - kept;
  foreach field in array kept loop
    if old.raw_user_meta_data ? field then
      new.raw_user_meta_data := new.raw_user_meta_data || jsonb_build_object(field, old.raw_user_meta_data -> field);
    end if;
  end loop;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_metadata_protected
  before update of raw_user_meta_data on auth.users
  for each row execute function private.keep_protected_user_metadata();

create trigger on_auth_user_updated
  after update of raw_user_meta_data, email on auth.users
  for each row execute function private.handle_updated_user();

-- ============================================================================
-- 18+ only (the Terms of Service)
-- ============================================================================
-- Supabase Auth's before-user-created hook, which refuses a sign-up without
-- the 18+ confirmation, is in …000750_people.sql: invited addresses pass it.

-- Accounts that reach auth.users another way (the dashboard, the admin API)
-- and suspended members can read but not take part: every member write checks
-- this. A suspension's end is given as a day (UTC), its reason as the admin wrote it.
create or replace function private.require_adult_member(p_user_id uuid)
returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.profiles;
begin
  select * into p from public.profiles where id = p_user_id;
  if not coalesce(p.adult_confirmed, false) then
    raise exception 'Please confirm that you are 18 or older to take part.' using errcode = 'PT403';
  elsif p.suspended_until = 'infinity' then
    raise exception 'Your account is suspended: %.', rtrim(p.suspension_reason, '.') using errcode = 'PT403';
  elsif p.suspended_until > now() then
    raise exception 'Your account is suspended until %: %.',
      to_char(p.suspended_until at time zone 'UTC', 'FMDD FMMonth YYYY'), rtrim(p.suspension_reason, '.') using errcode = 'PT403';
  end if;
end;
$$;

-- What the caller may do, for the SPA to say so before any write fails:
-- whether they confirmed 18+, and their suspension if one lasts (until:
-- null for good). The suspension columns are not readable through the API roles.
create or replace function private.my_standing()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
  p public.profiles;
begin
  select * into p from public.profiles where id = uid;
  return jsonb_build_object(
    'adult_confirmed', coalesce(p.adult_confirmed, false),
    'suspension', case when p.suspended_until > now() then jsonb_build_object(
      'until', case when p.suspended_until = 'infinity' then null else p.suspended_until end,
      'reason', p.suspension_reason) end);
end;
$$;

-- ============================================================================
-- User roles
-- ============================================================================
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);

comment on table public.user_roles is
  'Roles of users (admin, moderator). Written by the database owner (migrations, seed, `npm run grant-admin`) and by private.change_role and private.accept_invitation, which admins and invitees call; never directly through the API.';

create index user_roles_role_idx on public.user_roles (role);

alter table public.user_roles enable row level security;
revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to authenticated;

-- Whether the caller holds one of p_roles and is not suspended: a role is
-- the power to moderate, which a suspended account has none of (moderators
-- and admins cannot be suspended, and a suspended member gets no role, but
-- the role table is not the only way in). Security definer (as are the two
-- below) so that policies can call it without recursing into RLS.
create or replace function private.has_role(p_roles public.app_role[])
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.user_roles ur
    where ur.user_id = (select auth.uid())
      and ur.role = any (p_roles)
      and not exists (select 1 from public.profiles pr where pr.id = ur.user_id and pr.suspended_until > now())
  )
$$;

create or replace function private.is_admin()
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('{admin}')
$$;

-- Moderators review, handle reports and suspend for up to 30 days; every
-- admin may do all a moderator may, so this is true for admins too.
create or replace function private.is_moderator()
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('{admin,moderator}')
$$;

create policy "Users read their own roles, admins read all roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- No insert, update or delete policy: roles change only through
-- private.change_role (admins) and private.accept_invitation (…000750_people.sql).

-- Raises the project's standard errors for functions only signed-in users or admins may call.
create or replace function private.require_user()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'Please sign in first.' using errcode = 'PT401';
  end if;
  return uid;
end;
$$;

-- The caller, when they hold one of p_roles (else PT403 with p_message).
create or replace function private.require_role(p_roles public.app_role[], p_message text)
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
begin
  if not private.has_role(p_roles) then
    raise exception '%', p_message using errcode = 'PT403';
  end if;
  return uid;
end;
$$;

create or replace function private.require_admin()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.require_role('{admin}', 'Admin access required.');
end;
$$;

create or replace function private.require_moderator()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.require_role('{admin,moderator}', 'Moderator access required.');
end;
$$;

-- ============================================================================
-- Names protected by a role
-- ============================================================================
-- Joining or leaving the team changes whose names are protected
-- (private.public_name): the names that look like the person's are worked
-- out again, theirs included, however the role changed (private.change_role,
-- private.accept_invitation, `npm run grant-admin`, the SQL editor).
create or replace function private.user_roles_refresh_names_like()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  holder uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
begin
  perform private.refresh_names_like((select pr.name_keys from public.profiles pr where pr.id = holder));
  return null;
end;
$$;

create trigger user_roles_20_protected_names
  after insert or update or delete on public.user_roles
  for each row execute function private.user_roles_refresh_names_like();

-- ============================================================================
-- Change notifications on everything a visitor can read (the api function's
-- read cache)
-- ============================================================================
-- The api function keeps what it answered visitors in memory until the data
-- behind it changes. These triggers tell it so: one NOTIFY per statement (and
-- Postgres folds identical ones within a transaction), delivered on commit.
create or replace function private.notify_public_change()
returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  perform pg_notify('public_changes', tg_table_name);
  return null;
end;
$$;

create trigger profiles_90_notify after insert or update or delete or truncate on public.profiles
  for each statement execute function private.notify_public_change();

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function private.is_admin(), private.is_moderator(), private.require_user(), private.require_admin(),
  private.require_moderator(), private.require_adult_member(uuid), private.trim_ws(text)
  to anon, authenticated, service_role;
grant execute on function private.my_standing() to authenticated;

