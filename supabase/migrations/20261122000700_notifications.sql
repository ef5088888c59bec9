-- Notifications: what became of a member's post or edit, and who answered
-- them. Written only by the triggers below, in the transaction of the event
-- itself (a rolled-back approval or comment leaves no notification); read and
-- marked read only by their recipient.

-- ============================================================================
-- Table
-- ============================================================================
create table public.notifications (
  id bigint generated always as identity primary key,
  -- A notification is personal: it goes with its recipient's account.
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null constraint notifications_kind_valid check (kind in (
    'post_published', 'post_rejected', 'edit_applied', 'edit_rejected', 'comment_reply', 'post_comment',
    'member_suspended', 'member_unsuspended',
    'followed_post_comment', 'followed_tag_post', 'followed_author_post')),
  -- A notification about a deleted post or comment would link to nothing: it
  -- goes with them. Only a suspension and its lifting are about no post.
  post_id bigint references public.posts (id) on delete cascade,
  comment_id bigint references public.comments (id) on delete cascade,
  -- Who commented; null once their account is deleted (shown as "Deleted user", as their comment is).
  actor_id uuid references public.profiles (id) on delete set null,
  -- The post's title when it happened: a rejected post may not stay readable,
  -- and "your edit to …" names the post as it was then.
  post_title text,
  -- The moderator's reason for a rejection or a suspension, if they gave one.
  reason text,
  -- The followed tag a new post carries (followed_tag_post).
  tag text,
  -- Until when a suspension holds ('infinity': for good).
  suspended_until timestamptz,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- How its recipient hears of it besides the bell (private.notification_delivery,
  -- set on insert): 'immediate' and 'digest' wait for an e-mail (email_id), 'bell' does not.
  delivery text not null default 'bell' constraint notifications_delivery_valid check (delivery in ('immediate', 'digest', 'bell')),
  -- The e-mail it went out in (private.email_outbox, …000720_email.sql).
  email_id bigint,
  constraint notifications_comment_kinds check (
    (comment_id is not null) = (kind in ('comment_reply', 'post_comment', 'followed_post_comment'))),
  constraint notifications_post_kinds check (
    (post_id is not null and post_title is not null) = (kind not in ('member_suspended', 'member_unsuspended'))),
  constraint notifications_tag_kind check ((tag is not null) = (kind = 'followed_tag_post'))
);

comment on table public.notifications is
  'What happened to a member''s posts, edits and comments; written by triggers, read and marked read by the recipient only.';

-- The list (newest first, keyset pages) and the unread count.
create index notifications_recipient_id_created_at_idx on public.notifications (recipient_id, created_at desc, id desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
-- The foreign keys' deletes (a post, a comment, an account).
create index notifications_post_id_idx on public.notifications (post_id);
create index notifications_comment_id_idx on public.notifications (comment_id);
create index notifications_actor_id_idx on public.notifications (actor_id);

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;

create policy "Users read their own notifications"
  on public.notifications for select to authenticated
  using (recipient_id = (select auth.uid()));

-- No insert, update or delete policy: only the triggers below write
-- notifications, and private.mark_notifications_read (the one change a
-- recipient may make) sets read_at on the caller's own rows.

-- ============================================================================
-- Writing (security definer: the recipient's row is not the actor's to write)
-- ============================================================================
-- One notification, unless there is nobody to tell or it would tell people
-- about their own action.
create or replace function private.add_notification(
  p_recipient_id uuid,
  p_kind text,
  p_post_id bigint,
  p_post_title text,
  p_actor_id uuid default null,
  p_comment_id bigint default null,
  p_reason text default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_recipient_id is null or p_recipient_id is not distinct from coalesce(p_actor_id, (select auth.uid())) then
    return;
  end if;
  insert into public.notifications (recipient_id, kind, post_id, post_title, actor_id, comment_id, reason)
  values (p_recipient_id, p_kind, p_post_id, p_post_title, p_actor_id, p_comment_id, nullif(btrim(p_reason), ''));
end;
$$;

-- A post or an edit suggestion reviewed: accepted (p_status 'approved', the
-- first of p_kinds) or not ('rejected', the second, with the moderator's
-- reason when they gave one).
create or replace function private.notify_review(
  p_recipient_id uuid, p_status text, p_kinds text[], p_post_id bigint, p_post_title text, p_reason text)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_status = 'approved' then
    perform private.add_notification(p_recipient_id, p_kinds[1], p_post_id, p_post_title);
  elsif p_status = 'rejected' then
    perform private.add_notification(p_recipient_id, p_kinds[2], p_post_id, p_post_title, p_reason => p_reason);
  end if;
end;
$$;

-- A post's publication is news to its author only when it leaves the review
-- queue (pending); a rejection always is.
create or replace function private.posts_notify_review()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'approved' or old.status = 'pending' then
    perform private.notify_review(new.author_id, new.status::text, array['post_published', 'post_rejected'],
      new.id, new.title, new.rejection_reason);
  end if;
  return null;
end;
$$;

-- An edit suggestion: applied or rejected.
create or replace function private.edit_suggestions_notify_review()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify_review(new.user_id, new.status::text, array['edit_applied', 'edit_rejected'],
    new.post_id, (select p.title from public.posts p where p.id = new.post_id), new.rejection_reason);
  return null;
end;
$$;

-- Both fire only when the status changes.
create trigger posts_80_notify_review
  after update of status on public.posts
  for each row when (old.status is distinct from new.status)
  execute function private.posts_notify_review();
create trigger edit_suggestions_80_notify_review
  after update of status on public.edit_suggestions
  for each row when (old.status is distinct from new.status)
  execute function private.edit_suggestions_notify_review();

-- A comment: a reply tells the author of the comment it answers (reply_to_id,
-- which may itself be a reply; parent_id is the thread's top comment), a
-- top-level comment tells the post's author.
create or replace function private.comments_notify()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  post record;
begin
  select p.author_id, p.title into post from public.posts p where p.id = new.post_id;
  if new.parent_id is not null then
    -- The author of the comment answered, which may be a reply itself (parent_id is its thread's top).
    perform private.add_notification((select c.author_id from public.comments c where c.id = new.reply_to_id), 'comment_reply',
      new.post_id, post.title, p_actor_id => new.author_id, p_comment_id => new.id);
  else
    perform private.add_notification(post.author_id, 'post_comment',
      new.post_id, post.title, p_actor_id => new.author_id, p_comment_id => new.id);
  end if;
  return null;
end;
$$;

create trigger comments_80_notify
  after insert on public.comments
  for each row execute function private.comments_notify();

-- A suspension, a change of its length or reason, and its lifting tell the
-- member (the only news a suspended member still gets by e-mail).
create or replace function private.profiles_notify_suspension()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.suspended_until > now() then
    insert into public.notifications (recipient_id, kind, reason, suspended_until)
    values (new.id, 'member_suspended', nullif(btrim(new.suspension_reason), ''), new.suspended_until);
  elsif old.suspended_until > now() then
    insert into public.notifications (recipient_id, kind) values (new.id, 'member_unsuspended');
  end if;
  return null;
end;
$$;

create trigger profiles_80_notify_suspension
  after update of suspended_until, suspension_reason on public.profiles
  for each row when (old.suspended_until is distinct from new.suspended_until
                     or old.suspension_reason is distinct from new.suspension_reason)
  execute function private.profiles_notify_suspension();

-- ============================================================================
-- Reading and marking read (the API calls these as the signed-in user)
-- ============================================================================
-- Marks the caller's notifications read: all of them, or those of p_ids.
-- Ids that are not the caller's are passed over, as if they did not exist.
-- Returns how many of the caller's notifications are still unread.
create or replace function private.mark_notifications_read(p_ids bigint[] default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  unread integer;
begin
  if uid is null then
    raise exception 'Please sign in to see your notifications.' using errcode = 'PT401';
  end if;
  update public.notifications n
     set read_at = now()
   where n.recipient_id = uid
     and n.read_at is null
     and (p_ids is null or n.id = any (p_ids));
  select count(*)::integer into unread from public.notifications n where n.recipient_id = uid and n.read_at is null;
  return unread;
end;
$$;

revoke execute on all functions in schema private from public;
grant execute on function private.mark_notifications_read(bigint[]) to authenticated;
