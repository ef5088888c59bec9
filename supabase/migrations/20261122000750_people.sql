-- People: the accounts as admins see them (e-mail, sign-ins, role, state,
-- counts), role changes, and invitations of moderators and admins by e-mail.
-- Only admins reach any of it; every change is logged (private.log_action),
-- and the log's People entries are for admins only (private.people_actions).
-- The api function sends Auth's e-mails (its invite, a confirmation again)
-- with the service key; the database decides who may and records what was done.

-- ============================================================================
-- Invitations
-- ============================================================================
create table public.invitations (
  id bigint generated always as identity primary key,
  -- Lowercased and trimmed (private.invitation_email), as Auth keeps addresses.
  email text not null constraint invitations_email_length check (char_length(email) between 3 and 320),
  -- The account Auth made for the address (or had already, unconfirmed):
  -- set by the trigger on auth.users, or at once when the account exists.
  user_id uuid references auth.users (id) on delete cascade,
  role public.app_role not null,
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Null while pending: the invitee accepts with private.accept_invitation.
  accepted_at timestamptz
);

comment on table public.invitations is
  'Who invited which address as which role; pending until the invitee accepts (private.accept_invitation). Admins only.';

-- One pending invitation an address (a second invite replaces the first's role).
create unique index invitations_pending_email_idx on public.invitations (email) where accepted_at is null;
create index invitations_user_id_idx on public.invitations (user_id) where accepted_at is null;
create index invitations_invited_by_idx on public.invitations (invited_by);

alter table public.invitations enable row level security;
revoke all on public.invitations from anon, authenticated;
grant select on public.invitations to authenticated;

create policy "Admins read the invitations"
  on public.invitations for select to authenticated
  using ((select private.is_admin()));

-- No write policies: invitations change only through the functions below.

-- An address as Auth stores it, or a 400 when it cannot be one.
create or replace function private.invitation_email(p_email text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  address text := lower(private.trim_ws(coalesce(p_email, '')));
begin
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 320 then
    raise exception 'Please enter a valid e-mail address.' using errcode = 'PT400';
  end if;
  return address;
end;
$$;

-- The account Auth makes for an invited address is the invitation's.
create or replace function private.link_invitation()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.invitations set user_id = new.id
   where email = lower(new.email) and accepted_at is null and user_id is null;
  return null;
end;
$$;

create trigger on_auth_user_created_link_invitation
  after insert on auth.users
  for each row execute function private.link_invitation();

-- Whether the address has an invitation waiting (for the sign-up hook, which
-- runs as supabase_auth_admin and reads no table itself).
create or replace function private.is_invited(p_email text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.invitations i where i.email = lower(p_email) and i.accepted_at is null)
$$;

-- ============================================================================
-- 18+ only (the Terms of Service)
-- ============================================================================
-- Supabase Auth's before-user-created hook (supabase/config.toml). Auth calls
-- it as supabase_auth_admin with {metadata, user} just before inserting the
-- user (sign-ups and invitations alike, supabase/auth internal/api/invite.go
-- creates the user as a sign-up does), and refuses it with the HTTP status and
-- message of a returned {error: {http_code, message}} (supabase/auth
-- internal/hooks/hookserrors). Sign-up forms send adult_confirmed in the user
-- metadata; an invited address confirms 18+ when accepting
-- (private.accept_invitation), so it passes without.
create or replace function private.before_user_created(event jsonb)
returns jsonb
language sql stable set search_path = '' as $$
  select case
    when event -> 'user' -> 'user_metadata' -> 'adult_confirmed' = 'true'::jsonb then '{}'::jsonb
    when private.is_invited(event -> 'user' ->> 'email') then '{}'::jsonb
    else jsonb_build_object('error', jsonb_build_object(
      'http_code', 400, 'message', 'You must be 18 or older to create an account.'))
  end
$$;

-- ============================================================================
-- Reading People
-- ============================================================================
-- An account's highest role as People names it.
create or replace function private.person_role(p_user_id uuid)
returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin') then 'admin'
    when exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'moderator') then 'moderator'
    else 'member'
  end
$$;

-- invited (an invitation waits), else suspended (now), else unconfirmed (the
-- address not yet confirmed), else active.
create or replace function private.person_state(u auth.users, pr public.profiles)
returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.invitations i where i.user_id = u.id and i.accepted_at is null) then 'invited'
    when pr.suspended_until > now() then 'suspended'
    when u.email_confirmed_at is null then 'unconfirmed'
    else 'active'
  end
$$;

-- One account as GET /api/admin/people gives it (the API's Person). Reports
-- against them: those of their posts and comments that were not dismissed.
create or replace function private.person_json(u auth.users, pr public.profiles)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', u.id,
    'displayName', pr.display_name,
    'email', u.email,
    'joinedAt', u.created_at,
    'lastSignInAt', u.last_sign_in_at,
    'role', private.person_role(u.id),
    'state', private.person_state(u, pr),
    'suspendedUntil', case when pr.suspended_until > now() and pr.suspended_until <> 'infinity' then pr.suspended_until end,
    'suspensionReason', case when pr.suspended_until > now() then pr.suspension_reason end,
    -- The role an invitation waiting for this account gives when accepted.
    'invitedAs', (select i.role from public.invitations i where i.user_id = u.id and i.accepted_at is null),
    'counts', jsonb_build_object(
      'posts', (select count(*) from public.posts p where p.author_id = u.id),
      'comments', (select count(*) from public.comments c where c.author_id = u.id and c.deleted_at is null),
      'reportsAgainst', (
        select count(*) from public.reports r
        where r.status <> 'dismissed'
          and ((r.comment_id is null and r.post_id in (select p.id from public.posts p where p.author_id = u.id))
               or r.comment_id in (select c.id from public.comments c where c.author_id = u.id)))))
$$;

-- One page of People, newest joined first, after the account the cursor names
-- (its joining time as text, which keeps every microsecond, and its id).
-- p_query matches the display name or the e-mail address (case-insensitive,
-- anywhere in it); p_role and p_state as person_role and person_state name them.
create or replace function private.people_page(
  p_query text, p_role text, p_state text, p_limit integer, p_after_key text default null, p_after_id uuid default null)
returns table (person jsonb, cursor_key text, cursor_id uuid)
language plpgsql stable security definer set search_path = '' as $$
declare
  -- like's wildcards in the query are plain characters.
  pattern text := '%' || regexp_replace(lower(private.trim_ws(coalesce(p_query, ''))), '([\\%_])', '\\\1', 'g') || '%';
begin
  perform private.require_admin();
  perform private.require_page_limit(p_limit);
  if p_role is not null and p_role not in ('member', 'moderator', 'admin') then
    raise exception 'role must be member, moderator or admin.' using errcode = 'PT400';
  elsif p_state is not null and p_state not in ('active', 'suspended', 'unconfirmed', 'invited') then
    raise exception 'state must be active, suspended, unconfirmed or invited.' using errcode = 'PT400';
  elsif (p_after_key is null) <> (p_after_id is null) then
    raise exception 'A cursor is the time and the id of an account.' using errcode = 'PT400';
  end if;
  return query
    select private.person_json(u, pr), u.created_at::text, u.id
    from auth.users u
    join public.profiles pr on pr.id = u.id
    where (p_after_key is null or (u.created_at, u.id) < (p_after_key::timestamptz, p_after_id))
      and (pattern = '%%' or lower(pr.display_name) like pattern or lower(u.email) like pattern)
      and (p_role is null or private.person_role(u.id) = p_role)
      and (p_state is null or private.person_state(u, pr) = p_state)
    order by u.created_at desc, u.id desc
    limit p_limit;
end;
$$;

-- One account as People shows it, for the answer to a change.
create or replace function private.person(p_user_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform private.require_admin();
  select private.person_json(u, pr) into result
  from auth.users u join public.profiles pr on pr.id = u.id
  where u.id = p_user_id;
  if result is null then
    raise exception 'Member not found.' using errcode = 'PT404';
  end if;
  return result;
end;
$$;

-- ============================================================================
-- Roles
-- ============================================================================
-- An admin gives an account exactly one role (member: none). The archive
-- keeps at least one admin: changes of roles wait for each other, so two
-- admins cannot demote each other at once. A suspended member gets a role
-- only once the suspension is lifted (moderators and admins cannot be
-- suspended). Logged as change_role with the account, from, to and why.
create or replace function private.change_role(p_user_id uuid, p_role text, p_reason text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  reason text := private.admin_words(p_reason, 'reason');
  pr public.profiles;
  previous text;
begin
  if p_role is null or p_role not in ('member', 'moderator', 'admin') then
    raise exception 'role must be member, moderator or admin.' using errcode = 'PT400';
  elsif reason is null then
    raise exception 'Please give the reason for the change of role.' using errcode = 'PT400';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('user-roles', 0));
  select * into pr from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  end if;
  previous := private.person_role(p_user_id);
  if previous = p_role then
    return;
  elsif previous = 'admin' and (select count(*) from public.user_roles r where r.role = 'admin') <= 1 then
    raise exception 'The archive needs at least one admin.' using errcode = 'PT409';
  elsif p_role <> 'member' and pr.suspended_until > now() then
    raise exception 'Lift this member''s suspension before giving them a role.' using errcode = 'PT409';
  end if;
  delete from public.user_roles where user_id = p_user_id;
  if p_role <> 'member' then
    insert into public.user_roles (user_id, role) values (p_user_id, p_role::public.app_role);
  end if;
  perform private.log_action('change_role', p_details => jsonb_build_object(
    'user_id', p_user_id, 'user_name', pr.display_name, 'from', previous, 'to', p_role, 'reason', reason));
end;
$$;

-- ============================================================================
-- Inviting
-- ============================================================================
-- An admin invites an address as a moderator or an admin: the invitation
-- waits (pending) for the account Auth makes when the api function then asks
-- it to send its invite e-mail. An address with a confirmed account is
-- refused (its role is changed instead); one already invited is invited
-- again with the role now given. Returns the invitation's id, which the API
-- gives private.invitation_sent once Auth has sent the e-mail, or
-- private.withdraw_invitation when it could not.
create or replace function private.invite_person(p_email text, p_role text)
returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  address text := private.invitation_email(p_email);
  account auth.users;
  invitation_id bigint;
begin
  if p_role is null or p_role not in ('moderator', 'admin') then
    raise exception 'An invitation is for a moderator or an admin.' using errcode = 'PT400';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('invitation:' || address, 0));
  select * into account from auth.users u where lower(u.email) = address;
  if account.email_confirmed_at is not null then
    raise exception 'That address already has an account.' using errcode = 'PT409';
  end if;
  update public.invitations
     set role = p_role::public.app_role, invited_by = uid, created_at = now(), user_id = coalesce(user_id, account.id)
   where invitations.email = address and accepted_at is null
  returning id into invitation_id;
  if invitation_id is null then
    insert into public.invitations (email, user_id, role, invited_by)
    values (address, account.id, p_role::public.app_role, uid)
    returning id into invitation_id;
  end if;
  return invitation_id;
end;
$$;

-- Auth sent the invite e-mail for p_user_id: the invitation is theirs, and logged.
create or replace function private.invitation_sent(p_invitation_id bigint, p_user_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  i public.invitations;
begin
  update public.invitations set user_id = p_user_id
   where id = p_invitation_id and accepted_at is null
  returning * into i;
  if not found then
    raise exception 'Invitation not found.' using errcode = 'PT404';
  end if;
  perform private.log_action('invite_person', p_details => jsonb_build_object(
    'user_id', p_user_id, 'email', i.email, 'role', i.role));
end;
$$;

-- Auth could not send it: an invitation with no account yet goes again.
create or replace function private.withdraw_invitation(p_invitation_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_admin();
  delete from public.invitations where id = p_invitation_id and accepted_at is null and user_id is null;
end;
$$;

-- The caller's pending invitation ({role}), or null: GET /api/me, so the SPA
-- sends an invitee to accept it.
create or replace function private.my_invitation()
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('role', i.role)
  from public.invitations i
  where i.user_id = (select auth.uid()) and i.accepted_at is null
$$;

-- The invitee accepts: their name (as a sign-up gives it, in Auth's user
-- metadata, which the profile follows), their 18+ confirmation (the
-- profile's, which only a sign-up or this sets) and the role they were
-- invited as. Logged as accept_invitation. Returns the role.
create or replace function private.accept_invitation(p_first_name text, p_last_name text, p_adult_confirmed boolean)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
  i public.invitations;
  given_first text := private.name_part(p_first_name);
  given_last text := private.name_part(p_last_name);
begin
  select * into i from public.invitations where user_id = uid and accepted_at is null for update;
  if not found then
    raise exception 'There is no invitation waiting for this account.' using errcode = 'PT404';
  elsif exists (select 1 from public.profiles pr where pr.id = uid and pr.suspended_until > now()) then
    -- As a change of role (private.change_role): a suspended account gets no role.
    raise exception 'Your account is suspended: an admin must lift the suspension before you can join the team.' using errcode = 'PT409';
  elsif p_adult_confirmed is not true then
    raise exception 'You must be 18 or older to create an account.' using errcode = 'PT400';
  elsif given_first is null or given_last is null then
    raise exception 'Please enter your first and last name.' using errcode = 'PT400';
  elsif char_length(private.trim_ws(p_first_name)) > 60 then
    raise exception 'The first name can be at most 60 characters long.' using errcode = 'PT400';
  elsif char_length(private.trim_ws(p_last_name)) > 60 then
    raise exception 'The last name can be at most 60 characters long.' using errcode = 'PT400';
  end if;
  update public.invitations set accepted_at = now() where id = i.id;
  -- The role first: a team member's name may look like another's
  -- (private.public_name appends "(member)" only to those not on the team).
  insert into public.user_roles (user_id, role) values (uid, i.role) on conflict do nothing;
  update auth.users
     set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || jsonb_build_object('first_name', given_first, 'last_name', given_last)
   where id = uid;
  update public.profiles set adult_confirmed = true where id = uid;
  perform private.log_action('accept_invitation', p_details => jsonb_build_object(
    'user_id', uid, 'user_name', (select pr.display_name from public.profiles pr where pr.id = uid), 'role', i.role));
  return i.role::text;
end;
$$;

-- ============================================================================
-- Confirmations sent again
-- ============================================================================
-- What an admin may send p_user_id again, logged as resend_confirmation:
-- 'invitation' (an invitation waits), else 'confirmation' (the address is not
-- confirmed), with the address; the API has Auth send it in the same
-- transaction, so nothing is logged that was not sent.
create or replace function private.confirmation_to_resend(p_user_id uuid)
returns table (kind text, email text, opened boolean)
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  u auth.users;
  invited boolean;
begin
  select * into u from auth.users where id = p_user_id;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  end if;
  invited := exists (select 1 from public.invitations i where i.user_id = p_user_id and i.accepted_at is null);
  if not invited and u.email_confirmed_at is not null then
    raise exception 'This address is already confirmed.' using errcode = 'PT409';
  end if;
  kind := case when invited then 'invitation' else 'confirmation' end;
  email := u.email;
  -- An invitee who opened the link already (their address confirmed) is sent a way back in instead.
  opened := u.email_confirmed_at is not null;
  perform private.log_action('resend_confirmation', p_details => jsonb_build_object(
    'user_id', p_user_id, 'user_name', (select pr.display_name from public.profiles pr where pr.id = p_user_id), 'kind', kind));
  return next;
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function
  private.people_page(text, text, text, integer, text, uuid),
  private.person(uuid),
  private.change_role(uuid, text, text),
  private.invite_person(text, text),
  private.invitation_sent(bigint, uuid),
  private.withdraw_invitation(bigint),
  private.my_invitation(),
  private.accept_invitation(text, text, boolean),
  private.confirmation_to_resend(uuid)
to authenticated;

-- Auth runs the sign-up hook as its own role.
grant usage on schema private to supabase_auth_admin;
grant execute on function private.before_user_created(jsonb), private.is_invited(text) to supabase_auth_admin;
