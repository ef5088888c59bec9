-- The moderation log: every moderator's and admin's action, who did it and when, written only
-- by private.log_action; and private.admin_words, an admin's words for people.
-- Before post_revisions and moderation, which both log.

-- ============================================================================
-- Moderation log
-- ============================================================================
-- The log's entries about People (private.change_role, invitations,
-- confirmations sent again), which only admins read: they name e-mail addresses.
create or replace function private.people_actions()
returns text[]
language sql immutable set search_path = '' as $$
  select array['change_role', 'invite_person', 'accept_invitation', 'resend_confirmation']
$$;

create table public.moderation_log (
  id bigint generated always as identity primary key,
  actor_id uuid references auth.users (id) on delete set null,
  action text not null,
  -- No foreign keys: the log outlives deleted posts, comments and suggestions.
  post_id bigint,
  comment_id bigint,
  suggestion_id bigint,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);

create index moderation_log_created_at_idx on public.moderation_log (created_at desc);
create index moderation_log_actor_id_idx on public.moderation_log (actor_id);
create index moderation_log_post_id_idx on public.moderation_log (post_id);

alter table public.moderation_log enable row level security;
revoke all on public.moderation_log from anon, authenticated;
grant select on public.moderation_log to authenticated;

-- Moderators read what the team did with posts, comments, reports and
-- suspensions; who was invited or given a role (People) stays with admins.
create policy "Moderators read the moderation log but its People entries, admins read all of it"
  on public.moderation_log for select to authenticated
  using ((select private.is_admin()) or ((select private.is_moderator()) and action <> all (private.people_actions())));

-- No write policies: only the functions below write the log (and
-- private.hide_revision takes the title out of an approval entry while the
-- approval's revision is hidden, …000480_post_revisions.sql).

create or replace function private.log_action(
  p_action text,
  p_post_id bigint default null,
  p_comment_id bigint default null,
  p_suggestion_id bigint default null,
  p_details jsonb default '{}'
)
returns void
language sql security definer set search_path = '' as $$
  insert into public.moderation_log (actor_id, action, post_id, comment_id, suggestion_id, details)
  values ((select auth.uid()), p_action, p_post_id, p_comment_id, p_suggestion_id, coalesce(p_details, '{}'));
$$;

-- An admin's optional words for people (a rejection's reason for its author,
-- an edit's note for the post's history): trimmed, none when blank, at most
-- 500 characters.
create or replace function private.admin_words(p_text text, p_name text)
returns text
language plpgsql immutable set search_path = '' as $$
declare
  words text := nullif(private.trim_ws(p_text), '');
begin
  if char_length(words) > 500 then
    raise exception 'The % can be at most 500 characters.', p_name using errcode = 'PT400';
  end if;
  return words;
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function private.log_action(text, bigint, bigint, bigint, jsonb), private.admin_words(text, text), private.people_actions() from public;
grant execute on function private.people_actions() to authenticated;
