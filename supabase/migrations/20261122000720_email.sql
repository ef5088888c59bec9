-- E-mail: which notifications also go out by e-mail, and how they leave.
--
-- A notification is written in the transaction of its event (…000700), and
-- its delivery is fixed then from the member's preference (…000710). One for
-- e-mail at once joins its member's waiting e-mail in private.email_outbox,
-- which is sent a short while later, so a burst of replies becomes one
-- e-mail; one for the digest waits for the member's daily digest. What
-- followers hear of (a new post in a tag, by an author, a new comment on a
-- post) is written as an event here and fanned out by the jobs
-- (POST /api/jobs/email), never by the request that approved the post or
-- wrote the comment. The same job claims due e-mails (for update skip
-- locked, so two drains never send one e-mail twice), sends them through
-- the e-mail API with the outbox id as its idempotency key, and retries
-- with backoff.

-- ============================================================================
-- Topics: what a preference is set for
-- ============================================================================
create or replace function private.notification_topic(p_kind text)
returns text
language plpgsql immutable set search_path = '' as $$
begin
  return case
    when p_kind in ('post_published', 'post_rejected', 'edit_applied', 'edit_rejected') then 'decisions'
    when p_kind = 'comment_reply' then 'replies'
    when p_kind = 'post_comment' then 'comments'
    when p_kind in ('member_suspended', 'member_unsuspended') then 'account'
    else 'following'
  end;
end;
$$;

-- Replies, comments, decisions and the account at once; what one follows in the digest.
create or replace function private.default_delivery(p_topic text)
returns text
language plpgsql immutable set search_path = '' as $$
begin
  return case when p_topic = 'following' then 'digest' else 'immediate' end;
end;
$$;

-- How a member hears of a topic: their preference, else the default.
create or replace function private.topic_delivery(p_member_id uuid, p_topic text)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(
    (select np.delivery from public.notification_preferences np where np.member_id = p_member_id and np.topic = p_topic),
    private.default_delivery(p_topic));
end;
$$;

create or replace function private.notification_delivery(p_member_id uuid, p_kind text)
returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return private.topic_delivery(p_member_id, private.notification_topic(p_kind));
end;
$$;

-- ============================================================================
-- The outbox
-- ============================================================================
create table private.email_outbox (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  -- 'immediate': the notifications waiting for e-mail at once; 'digest': a day's digest.
  batch text not null constraint email_outbox_batch_valid check (batch in ('immediate', 'digest')),
  -- The member's local date a digest is for (one a day).
  digest_date date,
  -- waiting: still taking notifications; sending: claimed by a drain (its
  -- notifications are fixed from the first claim on); retrying: sent once and
  -- failed, due again at send_after; then sent, skipped (nothing left to
  -- say, or nobody to say it to) or failed for good.
  status text not null default 'waiting' constraint email_outbox_status_valid check (
    status in ('waiting', 'sending', 'retrying', 'sent', 'skipped', 'failed')),
  send_after timestamptz not null,
  attempts integer not null default 0,
  leased_until timestamptz,
  leased_by text,
  last_error text,
  -- The e-mail API's id for the message.
  provider_id text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint email_outbox_digest_date check ((digest_date is not null) = (batch = 'digest'))
);

comment on table private.email_outbox is
  'E-mails to send, one per member per batch of notifications; drained by POST /api/jobs/email.';

-- One waiting e-mail per member and batch: new notifications join it.
create unique index email_outbox_waiting_idx on private.email_outbox (recipient_id, batch) where status = 'waiting';
-- One digest per member and local day.
create unique index email_outbox_digest_date_idx on private.email_outbox (recipient_id, digest_date) where batch = 'digest';
-- The drain's order.
create index email_outbox_due_idx on private.email_outbox (send_after, id) where status in ('waiting', 'sending', 'retrying');
-- The gap after a member's last e-mail (private.notifications_enqueue_email).
create index email_outbox_recipient_id_finished_at_idx on private.email_outbox (recipient_id, finished_at desc) where status = 'sent';

alter table public.notifications
  add constraint notifications_email_id_fkey foreign key (email_id) references private.email_outbox (id) on delete set null;
create index notifications_email_id_idx on public.notifications (email_id);
-- What waits for an e-mail, per member (a claim's attach, the digests' due members).
create index notifications_awaiting_email_idx on public.notifications (recipient_id, delivery, created_at)
  where email_id is null and delivery <> 'bell';

-- Addresses the e-mail API reported bounced or complained of (its webhook): never written to again.
create table private.email_suppressions (
  email text primary key constraint email_suppressions_email_lower check (email = lower(email)),
  reason text not null constraint email_suppressions_reason_valid check (reason in ('bounced', 'complained')),
  created_at timestamptz not null default now()
);

alter table private.email_outbox enable row level security;
alter table private.email_suppressions enable row level security;
revoke all on private.email_outbox, private.email_suppressions from anon, authenticated, service_role;

-- How long an e-mail at once waits for more of the same member's news, and
-- the least time between two of them: a burst of replies is one e-mail.
create or replace function private.email_burst_window()
returns interval language sql immutable set search_path = '' as $$ select interval '2 minutes' $$;
create or replace function private.email_least_gap()
returns interval language sql immutable set search_path = '' as $$ select interval '10 minutes' $$;

-- ============================================================================
-- Each notification's delivery, and its place in the outbox
-- ============================================================================
create or replace function private.notifications_set_delivery()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.delivery := private.notification_delivery(new.recipient_id, new.kind);
  return new;
end;
$$;

create trigger notifications_10_set_delivery
  before insert on public.notifications
  for each row execute function private.notifications_set_delivery();

-- A member's waiting e-mail, or a new one due after the burst window and the
-- least gap. The conflict's update takes the waiting row's lock, so a drain
-- claiming it (for update skip locked) passes it over until this
-- transaction ends and then sees its notifications too.
create or replace function private.notifications_enqueue_email()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.email_outbox as o (recipient_id, batch, send_after)
  select r.recipient_id, 'immediate',
         greatest(now() + private.email_burst_window(),
                  (select max(s.finished_at) from private.email_outbox s
                    where s.recipient_id = r.recipient_id and s.status = 'sent') + private.email_least_gap())
  from (select distinct a.recipient_id from added a where a.delivery = 'immediate') r
  on conflict (recipient_id, batch) where status = 'waiting' do update set send_after = o.send_after;
  return null;
end;
$$;

create trigger notifications_80_enqueue_email
  after insert on public.notifications
  referencing new table as added
  for each statement execute function private.notifications_enqueue_email();

-- ============================================================================
-- Events for followers, fanned out by the jobs
-- ============================================================================
create table private.notification_events (
  id bigint generated always as identity primary key,
  kind text not null constraint notification_events_kind_valid check (kind in ('post_published', 'comment_added')),
  post_id bigint not null references public.posts (id) on delete cascade,
  comment_id bigint references public.comments (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint notification_events_comment check ((comment_id is not null) = (kind = 'comment_added'))
);

create index notification_events_post_id_idx on private.notification_events (post_id);
create index notification_events_comment_id_idx on private.notification_events (comment_id);

alter table private.notification_events enable row level security;
revoke all on private.notification_events from anon, authenticated, service_role;

-- A post's first publication (out of review, or written published).
create or replace function private.posts_add_follow_event()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.notification_events (kind, post_id) values ('post_published', new.id);
  return null;
end;
$$;

create trigger posts_85_follow_event_on_review
  after update of status on public.posts
  for each row when (old.status = 'pending' and new.status = 'approved')
  execute function private.posts_add_follow_event();
create trigger posts_85_follow_event_on_insert
  after insert on public.posts
  for each row when (new.status = 'approved')
  execute function private.posts_add_follow_event();

create or replace function private.comments_add_follow_event()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.notification_events (kind, post_id, comment_id) values ('comment_added', new.post_id, new.id);
  return null;
end;
$$;

create trigger comments_85_follow_event
  after insert on public.comments
  for each row execute function private.comments_add_follow_event();

-- Turns up to p_how_many events into their followers' notifications, each
-- event in one statement. Only a post that is published when the job runs
-- is told of, and only a comment that still stands; nobody hears of their
-- own post or comment, nor twice of one comment (the post's author and the
-- one answered already have theirs). A post in a followed tag by a followed
-- author is one notification (the author's), and a follow newer than the
-- event hears nothing of it. Returns how many events it took.
create or replace function private.fan_out_notification_events(p_how_many integer)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  event record;
  taken integer := 0;
begin
  for event in
    select e.id, e.kind, e.post_id, e.comment_id, e.created_at from private.notification_events e
     order by e.id limit p_how_many for update skip locked
  loop
    if event.kind = 'post_published' then
      insert into public.notifications (recipient_id, kind, post_id, post_title, actor_id, tag)
      select distinct on (f.member_id) f.member_id, f.kind, p.id, p.title, p.author_id, f.tag
      from public.posts p
      cross join lateral (
        select af.member_id, 'followed_author_post' as kind, null::text as tag, 0 as preference
          from public.author_follows af where af.author_id = p.author_id and af.created_at <= event.created_at
        union all
        select tf.member_id, 'followed_tag_post', tf.tag, array_position(p.tags, tf.tag)
          from public.tag_follows tf where tf.tag = any (p.tags) and tf.created_at <= event.created_at) f
      where p.id = event.post_id and p.status = 'approved' and f.member_id is distinct from p.author_id
      order by f.member_id, f.preference;
    else
      insert into public.notifications (recipient_id, kind, post_id, post_title, actor_id, comment_id)
      select pf.member_id, 'followed_post_comment', p.id, p.title, c.author_id, c.id
      from public.comments c
      join public.posts p on p.id = c.post_id
      join public.post_follows pf on pf.post_id = c.post_id and pf.created_at <= event.created_at
      where c.id = event.comment_id and p.status = 'approved' and c.deleted_at is null
        and pf.member_id is distinct from c.author_id
        and not exists (select 1 from public.notifications d where d.comment_id = c.id and d.recipient_id = pf.member_id);
    end if;
    delete from private.notification_events e where e.id = event.id;
    taken := taken + 1;
  end loop;
  return taken;
end;
$$;

-- ============================================================================
-- Digests
-- ============================================================================
-- Queues today's digest for each member whose digest time (digest_hour in
-- their time zone; 08:00 UTC without settings) has come at p_now and who has
-- digest notifications from before it that no e-mail took yet; one per local
-- date. p_now is a parameter so the tests can stand at another hour.
create or replace function private.enqueue_digests(p_now timestamptz default now())
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  queued integer;
begin
  insert into private.email_outbox (recipient_id, batch, digest_date, send_after)
  select m.recipient_id, 'digest', m.local_date, now()
  from (
    select w.recipient_id, d.local_date, (d.local_date + make_interval(hours => z.hour)) at time zone z.zone as digest_at
    from (select distinct n.recipient_id from public.notifications n where n.email_id is null and n.delivery = 'digest') w
    left join public.digest_settings ds on ds.member_id = w.recipient_id
    cross join lateral (select coalesce(ds.time_zone, 'UTC') as zone, coalesce(ds.digest_hour, 8) as hour) z
    cross join lateral (select (p_now at time zone z.zone)::date as local_date) d) m
  where m.digest_at <= p_now
    and exists (select 1 from public.notifications n
                 where n.recipient_id = m.recipient_id and n.email_id is null and n.delivery = 'digest' and n.created_at < m.digest_at)
  on conflict (recipient_id, digest_date) where batch = 'digest' do nothing;
  get diagnostics queued = row_count;
  return queued;
end;
$$;

-- ============================================================================
-- Draining (the api function's jobs, as the service role)
-- ============================================================================
-- Claims up to p_how_many due e-mails for p_worker. On its first claim an
-- e-mail takes every notification of its member and batch that no e-mail
-- took yet; a retry sends the same ones again (the same idempotency key).
create or replace function private.claim_emails(p_worker text, p_how_many integer, p_lease_seconds integer)
returns table (id bigint, attempts integer)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with chosen as materialized (
    select o.id from private.email_outbox o
     where o.status in ('waiting', 'sending', 'retrying') and o.send_after <= now()
       and (o.leased_until is null or o.leased_until < clock_timestamp())
     order by o.send_after, o.id
     limit p_how_many
     for update skip locked),
  claimed as (
    update private.email_outbox o
       set status = 'sending', attempts = o.attempts + 1, leased_by = p_worker,
           leased_until = clock_timestamp() + make_interval(secs => p_lease_seconds)
      from chosen where o.id = chosen.id
    returning o.id, o.recipient_id, o.batch, o.attempts, o.send_after),
  attached as (
    update public.notifications n set email_id = c.id
      from claimed c
     where c.attempts = 1 and n.recipient_id = c.recipient_id and n.email_id is null and n.delivery = c.batch
       and (c.batch = 'immediate' or n.created_at < c.send_after)
    returning n.id)
  select c.id, c.attempts from claimed c order by c.id;
end;
$$;

-- Whether a member may read a post now, as the posts policy would decide for them.
create or replace function private.member_can_read_post(p_member_id uuid, p_post_id bigint)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from public.posts p
     where p.id = p_post_id
       and (p.status = 'approved' or p.author_id = p_member_id
            or exists (select 1 from public.user_roles r where r.user_id = p_member_id)));
end;
$$;

-- What a claimed e-mail says, as JSON (supabase/functions/api/email/types.ts,
-- EmailInput), or null when there is nobody to send it to: no confirmed
-- address, or one that bounced or complained. Only what is still news is
-- said: unread, still wanted by e-mail, about a post the member may read now
-- and a comment that still stands; a suspended member hears only of their
-- suspension.
create or replace function private.email_contents(p_outbox_id bigint)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select jsonb_build_object(
      'outboxId', o.id, 'batch', o.batch, 'to', u.email, 'recipientId', o.recipient_id,
      'recipientName', pr.display_name, 'digestDate', o.digest_date,
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
                 'id', n.id, 'kind', n.kind, 'topic', private.notification_topic(n.kind),
                 'postId', n.post_id, 'postTitle', n.post_title, 'commentId', n.comment_id,
                 'actorName', a.display_name, 'commentExcerpt', left(c.content, 300), 'reason', n.reason, 'tag', n.tag,
                 'suspendedUntil', case when n.suspended_until = 'infinity' then 'infinity' else private.iso_timestamp(n.suspended_until) end,
                 'createdAt', private.iso_timestamp(n.created_at)) order by n.created_at, n.id)
        from public.notifications n
        left join public.comments c on c.id = n.comment_id
        left join public.profiles a on a.id = n.actor_id
        where n.email_id = o.id and n.read_at is null
          and private.notification_delivery(o.recipient_id, n.kind) <> 'bell'
          and (n.post_id is null or private.member_can_read_post(o.recipient_id, n.post_id))
          and (n.comment_id is null or (c.id is not null and c.deleted_at is null))
          and (not coalesce(pr.suspended_until > now(), false) or private.notification_topic(n.kind) = 'account')
      ), '[]'::jsonb))
    from private.email_outbox o
    join public.profiles pr on pr.id = o.recipient_id
    join auth.users u on u.id = o.recipient_id
    where o.id = p_outbox_id and u.email is not null and u.email_confirmed_at is not null
      and not exists (select 1 from private.email_suppressions s where s.email = lower(u.email)));
end;
$$;

-- An e-mail done: sent (with the API's id for it) or skipped. Only by the
-- worker holding its lease, so a drain whose lease ran out changes nothing.
create or replace function private.finish_email(p_outbox_id bigint, p_worker text, p_status text, p_provider_id text default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_status not in ('sent', 'skipped') then
    raise exception 'An e-mail finishes sent or skipped, not %.', p_status using errcode = 'PT400';
  end if;
  update private.email_outbox o
     set status = p_status, provider_id = p_provider_id, finished_at = now(), leased_until = null, leased_by = null
   where o.id = p_outbox_id and o.leased_by = p_worker and o.status = 'sending';
end;
$$;

-- A failed send: again after 1, 2, 4 … minutes (at most 6 hours), or failed
-- for good after 8 attempts or an error that sending again cannot mend.
create or replace function private.retry_email(p_outbox_id bigint, p_worker text, p_error text, p_retryable boolean)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  outcome text;
begin
  update private.email_outbox o
     set status = case when p_retryable and o.attempts < 8 then 'retrying' else 'failed' end,
         send_after = now() + least(interval '1 minute' * power(2, o.attempts - 1), interval '6 hours'),
         finished_at = case when p_retryable and o.attempts < 8 then null else now() end,
         last_error = left(p_error, 1000), leased_until = null, leased_by = null
   where o.id = p_outbox_id and o.leased_by = p_worker and o.status = 'sending'
  returning o.status into outcome;
  return outcome;
end;
$$;

-- ============================================================================
-- Unsubscribing and suppressing (the api function, after checking a signed
-- token or the e-mail API's signed webhook)
-- ============================================================================
-- Turns a topic's e-mail off ('bell'), or, for 'digest', every topic now in
-- the digest. Returns the topic.
create or replace function private.unsubscribe_topic(p_member_id uuid, p_topic text)
returns text
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.profiles pr where pr.id = p_member_id) then
    raise exception 'This unsubscribe link belongs to an account that no longer exists.' using errcode = 'PT404';
  end if;
  if p_topic not in ('decisions', 'replies', 'comments', 'account', 'following', 'digest') then
    raise exception 'There is no such kind of e-mail.' using errcode = 'PT400';
  end if;
  insert into public.notification_preferences as np (member_id, topic, delivery)
  select p_member_id, t.topic, 'bell'
    from unnest(array['decisions', 'replies', 'comments', 'account', 'following']) t (topic)
   where t.topic = p_topic
      or (p_topic = 'digest' and private.topic_delivery(p_member_id, t.topic) = 'digest')
  on conflict (member_id, topic) do update set delivery = 'bell', updated_at = now();
  return p_topic;
end;
$$;

create or replace function private.suppress_email_address(p_email text, p_reason text)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.email_suppressions (email, reason) values (lower(btrim(p_email)), p_reason)
  on conflict (email) do update set reason = excluded.reason, created_at = now();
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.notification_topic(text), private.default_delivery(text), private.topic_delivery(uuid, text),
  private.notification_delivery(uuid, text),
  private.email_burst_window(), private.email_least_gap(),
  private.notifications_set_delivery(), private.notifications_enqueue_email(),
  private.posts_add_follow_event(), private.comments_add_follow_event(),
  private.fan_out_notification_events(integer), private.enqueue_digests(timestamptz),
  private.claim_emails(text, integer, integer), private.member_can_read_post(uuid, bigint),
  private.email_contents(bigint), private.finish_email(bigint, text, text, text),
  private.retry_email(bigint, text, text, boolean), private.unsubscribe_topic(uuid, text),
  private.suppress_email_address(text, text)
from public;
-- The api function's jobs and e-mail routes (supabase/functions/api/email/).
grant execute on function
  private.fan_out_notification_events(integer), private.enqueue_digests(timestamptz),
  private.claim_emails(text, integer, integer), private.email_contents(bigint),
  private.finish_email(bigint, text, text, text), private.retry_email(bigint, text, text, boolean),
  private.unsubscribe_topic(uuid, text), private.suppress_email_address(text, text)
to service_role;
