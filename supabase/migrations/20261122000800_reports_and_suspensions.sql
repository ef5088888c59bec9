-- Members report posts and comments to the admins; admins close the reports
-- (dismissed, or resolved by acting on the item) and suspend members who break
-- the rules. A suspension is enforced by private.require_adult_member
-- (…000100_profiles_and_roles.sql), which every member write already calls.

-- ============================================================================
-- Reports
-- ============================================================================
create type public.report_reason as enum ('spam', 'harassment', 'misinformation', 'off_topic', 'other');
create type public.report_status as enum ('open', 'resolved', 'dismissed');

create table public.reports (
  id bigint generated always as identity primary key,
  reporter_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The item: a post (comment_id null) or a comment of that post. No foreign
  -- keys, as in the moderation log: closed reports outlive the deleted item.
  post_id bigint not null,
  comment_id bigint,
  reason public.report_reason not null,
  details text constraint reports_details_length check (char_length(details) <= 500),
  status public.report_status not null default 'open',
  created_at timestamptz not null default now(),
  -- Who closed it is in the moderation log (admins only), as for reviews.
  closed_at timestamptz,
  constraint reports_other_needs_details check (reason <> 'other' or details is not null)
);

comment on table public.reports is
  'Reports of posts and comments by members, one per member and item, closed by admins (private.close_reports).';

-- One report per member and item, ever: a dismissed report is not a reason to report again.
create unique index reports_one_per_post_idx on public.reports (post_id, reporter_id) where comment_id is null;
create unique index reports_one_per_comment_idx on public.reports (comment_id, reporter_id) where comment_id is not null;
-- The admins' list of open reports, and the reports a deleted item closes.
create index reports_open_item_idx on public.reports (post_id, comment_id) where status = 'open';
-- A member's own reports (the select policy) and the cascade from auth.users.
create index reports_reporter_id_idx on public.reports (reporter_id);

alter table public.reports enable row level security;

-- A report names its reporter; other members must not learn who reported them.
create policy "Members read their own reports, admins read all"
  on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_admin()));

-- What a member can see is what they can report: approved posts and their comments.
create policy "Members report approved posts and their comments as themselves"
  on public.reports for insert to authenticated
  with check (
    reporter_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
    and (comment_id is null or exists (select 1 from public.comments c where c.id = comment_id and c.post_id = post_id))
  );

-- No update or delete policy: admins close reports through private.close_reports.

-- The item's post is the comment's post; the reason's text is trimmed and
-- "Other" needs one; a member reports an item once; suspended members cannot report.
create or replace function private.reports_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  comment_post bigint;
  item text := case when new.comment_id is null then 'post' else 'comment' end;
begin
  if uid is not null then
    perform private.require_adult_member(uid);
    new.status := 'open';
    new.created_at := now();
    new.closed_at := null;
  end if;

  if new.comment_id is not null then
    select c.post_id into comment_post from public.comments c where c.id = new.comment_id;
    if not found then
      raise exception 'Comment not found.' using errcode = 'PT404';
    end if;
    new.post_id := comment_post;
  end if;

  new.details := nullif(private.trim_ws(new.details), '');
  if new.reason = 'other' and new.details is null then
    raise exception 'Please say what is wrong when you choose "Other".' using errcode = 'PT400';
  elsif char_length(new.details) > 500 then
    raise exception 'The details of a report can be at most 500 characters.' using errcode = 'PT400';
  end if;

  perform pg_advisory_xact_lock(hashtextextended(concat_ws(':', 'report', new.reporter_id, item, coalesce(new.comment_id, new.post_id)), 0));
  if exists (
    select 1 from public.reports r
    where r.reporter_id = new.reporter_id
      and r.post_id = new.post_id
      and r.comment_id is not distinct from new.comment_id
  ) then
    raise exception 'You have already reported this %. The admins will look at it.', item using errcode = 'PT409';
  end if;
  return new;
end;
$$;

create trigger reports_10_before_insert
  before insert on public.reports
  for each row execute function private.reports_before_insert();

-- Deleting a post or a comment (by an admin, logged there) resolves its open
-- reports, whichever path deleted it; a post's comments go with it.
create or replace function private.resolve_reports_of_deleted_item()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'posts' then
    update public.reports set status = 'resolved', closed_at = now()
     where post_id = old.id and status = 'open';
  else
    update public.reports set status = 'resolved', closed_at = now()
     where post_id = old.post_id and comment_id = old.id and status = 'open';
  end if;
  return null;
end;
$$;

create trigger posts_30_resolve_reports
  after delete on public.posts
  for each row execute function private.resolve_reports_of_deleted_item();

create trigger comments_30_resolve_reports
  after delete on public.comments
  for each row execute function private.resolve_reports_of_deleted_item();

-- p_report_id names the item; every open report of it closes with p_status
-- ('resolved': the admin acted on it; 'dismissed': nothing to do). Logged as
-- resolve_reports or dismiss_reports with the reasons counted.
create or replace function private.close_reports(p_report_id bigint, p_status public.report_status)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_admin();
  r public.reports;
  closed integer;
  reasons jsonb;
begin
  if p_status not in ('resolved', 'dismissed') then
    raise exception 'A report is closed as resolved or dismissed.' using errcode = 'PT400';
  end if;
  select * into r from public.reports where id = p_report_id;
  if not found then
    raise exception 'Report not found.' using errcode = 'PT404';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('report-item:' || r.post_id::text, coalesce(r.comment_id, 0)));

  with closing as (
    update public.reports x set status = p_status, closed_at = now()
     where x.post_id = r.post_id and x.comment_id is not distinct from r.comment_id and x.status = 'open'
    returning x.reason
  )
  select coalesce(jsonb_object_agg(reason, n), '{}'), coalesce(sum(n), 0)
    into reasons, closed
    from (select reason, count(*) as n from closing group by reason) counted;
  if closed = 0 then
    raise exception 'These reports have already been handled.' using errcode = 'PT409';
  end if;

  perform private.log_action(
    case p_status when 'resolved' then 'resolve_reports' else 'dismiss_reports' end,
    r.post_id, r.comment_id,
    p_details => jsonb_build_object('reports', closed, 'reasons', reasons));
  return closed;
end;
$$;

-- The open reports grouped by item, oldest first: the item (post or comment,
-- with its author), how many reports, each reason with its count and texts.
create or replace function private.open_reports()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    select coalesce(jsonb_agg(item order by first_reported, report_id), '[]')
    from (
      select
        min(r.created_at) as first_reported,
        min(r.id) as report_id,
        jsonb_build_object(
          'report_id', min(r.id),
          'kind', case when r.comment_id is null then 'post' else 'comment' end,
          'post_id', r.post_id,
          'comment_id', r.comment_id,
          'post_title', (select p.title from public.posts p where p.id = r.post_id),
          'excerpt', coalesce(
            (select left(c.content, 300) from public.comments c where c.id = r.comment_id),
            (select p.excerpt from public.posts p where p.id = r.post_id)),
          'author_id', coalesce(
            (select c.author_id from public.comments c where c.id = r.comment_id),
            (select p.author_id from public.posts p where p.id = r.post_id and r.comment_id is null)),
          'author_name', (select pr.display_name from public.profiles pr where pr.id = coalesce(
            (select c.author_id from public.comments c where c.id = r.comment_id),
            (select p.author_id from public.posts p where p.id = r.post_id and r.comment_id is null))),
          'report_count', count(*),
          'first_reported_at', min(r.created_at),
          'reasons', (
            select jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n, 'details', g.details) order by g.n desc, g.reason)
            from (
              select x.reason, count(*) as n,
                     coalesce(jsonb_agg(x.details order by x.created_at) filter (where x.details is not null), '[]') as details
              from public.reports x
              where x.post_id = r.post_id and x.comment_id is not distinct from r.comment_id and x.status = 'open'
              group by x.reason
            ) g)
        ) as item
      from public.reports r
      where r.status = 'open'
      group by r.post_id, r.comment_id
    ) items
  );
end;
$$;

-- ============================================================================
-- Suspensions
-- ============================================================================
-- p_until null: for good. Admins cannot be suspended (their writes are the
-- moderation itself). Logged as suspend_user with the member, until and reason.
create or replace function private.suspend_user(p_user_id uuid, p_until timestamptz, p_reason text)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_admin();
  reason text := private.trim_ws(coalesce(p_reason, ''));
  until timestamptz := coalesce(p_until, 'infinity');
  name text;
begin
  select pr.display_name into name from public.profiles pr where pr.id = p_user_id for update;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  elsif exists (select 1 from public.user_roles ur where ur.user_id = p_user_id and ur.role = 'admin') then
    raise exception 'Admins cannot be suspended.' using errcode = 'PT409';
  elsif reason = '' then
    raise exception 'Please give the reason for the suspension; the member will see it.' using errcode = 'PT400';
  elsif char_length(reason) > 500 then
    raise exception 'The reason for a suspension can be at most 500 characters.' using errcode = 'PT400';
  elsif until <= now() then
    raise exception 'A suspension must end in the future.' using errcode = 'PT400';
  end if;

  update public.profiles set suspended_until = until, suspension_reason = reason where id = p_user_id;
  perform private.log_action('suspend_user', p_details => jsonb_build_object(
    'user_id', p_user_id, 'user_name', name, 'until', case when until = 'infinity' then null else until end, 'reason', reason));
  return until;
end;
$$;

create or replace function private.unsuspend_user(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_admin();
  pr public.profiles;
begin
  select * into pr from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  elsif pr.suspended_until is null or pr.suspended_until <= now() then
    raise exception 'This member is not suspended.' using errcode = 'PT409';
  end if;
  update public.profiles set suspended_until = null, suspension_reason = null where id = p_user_id;
  perform private.log_action('unsuspend_user', p_details => jsonb_build_object('user_id', p_user_id, 'user_name', pr.display_name));
end;
$$;

-- Whether a member is suspended, for an admin about to suspend or lift it
-- (profiles' suspension columns are not readable through the API roles).
create or replace function private.member_suspension(p_user_id uuid)
returns table (suspended_until timestamptz, suspension_reason text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select pr.suspended_until, pr.suspension_reason
    from public.profiles pr
    where pr.id = p_user_id and pr.suspended_until > now();
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function
  private.close_reports(bigint, public.report_status),
  private.open_reports(),
  private.suspend_user(uuid, timestamptz, text),
  private.unsuspend_user(uuid),
  private.member_suspension(uuid)
to authenticated;
