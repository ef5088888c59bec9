-- Members report posts and comments to the team; moderators and admins close the reports
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
-- An item's open reports: its first one (the admins' queue), all of them (the
-- queue's counts, closing them, deleting the item) and how many items are open.
create index reports_open_item_idx on public.reports (post_id, comment_id, created_at, id) where status = 'open';
-- The admins' queue walks the open reports oldest first.
create index reports_open_created_at_idx on public.reports (created_at, id) where status = 'open';
-- A member's own reports (the select policy), their last hour's (the hourly
-- limit) and the cascade from auth.users.
create index reports_reporter_id_created_at_idx on public.reports (reporter_id, created_at);

alter table public.reports enable row level security;
revoke all on public.reports from anon, authenticated;
grant select, insert on public.reports to authenticated;

-- A report names its reporter; other members must not learn who reported them.
create policy "Members read their own reports, moderators and admins read all"
  on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_moderator()));

-- What a member can see is what they can report: approved posts and their comments.
create policy "Members report approved posts and their comments as themselves"
  on public.reports for insert to authenticated
  with check (
    reporter_id = (select auth.uid())
    and exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved')
    and (comment_id is null or exists (
      select 1 from public.comments c where c.id = comment_id and c.post_id = post_id and c.deleted_at is null))
  );

-- No update or delete policy: admins close reports through private.close_reports.

-- The item's post is the comment's post; the reason's text is trimmed and
-- "Other" needs one; a member reports an item once, and at most 20 items an
-- hour (each report is work for the admins); suspended members cannot report.
create or replace function private.reports_before_insert()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  comment_post bigint;
  item text := case when new.comment_id is null then 'post' else 'comment' end;
begin
  if uid is not null then
    perform private.check_hourly_limit('reports', 20, 'You can send at most 20 reports an hour. Please try again later.', 'reporter_id');
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
language plpgsql security definer set search_path = '' as $$
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
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
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

-- The admins' queue: the open reports grouped by item, each item (post or
-- comment, with its author, how many reports, each reason with its count and
-- texts) in the order of its first open report (time, then id). One page of
-- p_limit items after the item whose first report the cursor names (its time
-- as text, which keeps every microsecond, and its id), with the cursor after
-- the page (null at the end) and the number of open items. The page walks the
-- open reports in that order, keeping each item's first, so it reads the
-- reports up to the page's end, never all of them; the count reads only the
-- open reports' item ids.
create or replace function private.open_reports(p_limit integer default 20, p_after_key text default null, p_after_id bigint default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  if p_limit is null or p_limit not between 1 and 100 then
    raise exception 'limit must be between 1 and 100.' using errcode = 'PT400';
  end if;
  if (p_after_key is null) <> (p_after_id is null) then
    raise exception 'A cursor is the time and the id of a report.' using errcode = 'PT400';
  end if;
  return (
    with firsts as (
      select r.id, r.created_at, r.post_id, r.comment_id, row_number() over (order by r.created_at, r.id) as position
      from (
        select r.id, r.created_at, r.post_id, r.comment_id
        from public.reports r
        where r.status = 'open'
          and (r.created_at, r.id) > (coalesce(p_after_key::timestamptz, '-infinity'), coalesce(p_after_id, 0))
          -- The item's first open report: none before it on the comment, or on the post.
          and not exists (
            select 1 from public.reports e
            where e.status = 'open' and e.post_id = r.post_id and e.comment_id = r.comment_id
              and (e.created_at, e.id) < (r.created_at, r.id))
          and not exists (
            select 1 from public.reports e
            where r.comment_id is null and e.status = 'open' and e.post_id = r.post_id and e.comment_id is null
              and (e.created_at, e.id) < (r.created_at, r.id))
        order by r.created_at, r.id
        -- One more than the page: whether another page follows.
        limit p_limit + 1
      ) r
    )
    select jsonb_build_object(
      'reports', (
        select coalesce(jsonb_agg(jsonb_build_object(
          'report_id', f.id,
          'kind', case when f.comment_id is null then 'post' else 'comment' end,
          'post_id', f.post_id,
          'comment_id', f.comment_id,
          'post_title', (select p.title from public.posts p where p.id = f.post_id),
          'excerpt', coalesce(
            (select left(c.content, 300) from public.comments c where c.id = f.comment_id),
            (select p.excerpt from public.posts p where p.id = f.post_id)),
          'author_id', coalesce(
            (select c.author_id from public.comments c where c.id = f.comment_id),
            (select p.author_id from public.posts p where p.id = f.post_id and f.comment_id is null)),
          'author_name', (select pr.display_name from public.profiles pr where pr.id = coalesce(
            (select c.author_id from public.comments c where c.id = f.comment_id),
            (select p.author_id from public.posts p where p.id = f.post_id and f.comment_id is null))),
          'report_count', counted.report_count,
          'first_reported_at', f.created_at,
          'reasons', counted.reasons
        ) order by f.position), '[]')
        from firsts f
        cross join lateral (
          select sum(g.n)::bigint as report_count,
                 jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n, 'details', g.details) order by g.n desc, g.reason) as reasons
          from (
            select x.reason, count(*) as n,
                   coalesce(jsonb_agg(x.details order by x.created_at) filter (where x.details is not null), '[]') as details
            from (
              -- The item's open reports, each case an index condition: a comment's, or the post's own.
              select x.reason, x.details, x.created_at from public.reports x
              where x.status = 'open' and x.post_id = f.post_id and x.comment_id = f.comment_id
              union all
              select x.reason, x.details, x.created_at from public.reports x
              where f.comment_id is null and x.status = 'open' and x.post_id = f.post_id and x.comment_id is null
            ) x
            group by x.reason
          ) g
        ) counted
        where f.position <= p_limit),
      'next', (
        select jsonb_build_object('key', f.created_at::text, 'id', f.id)
        from firsts f
        where f.position = p_limit and exists (select 1 from firsts more where more.position > p_limit)),
      'total', (
        select count(*)
        from (select distinct x.post_id, x.comment_id from public.reports x where x.status = 'open') open_items)
    )
  );
end;
$$;

-- ============================================================================
-- Suspensions
-- ============================================================================
-- How far a moderator's suspensions reach: 30 days from now; longer ones and
-- suspensions for good ('infinity') are an admin's to set or lift.
create or replace function private.require_suspension_within_reach(p_until timestamptz, p_message text)
returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_until > now() + interval '30 days' and not private.is_admin() then
    raise exception '%', p_message using errcode = 'PT403';
  end if;
end;
$$;

-- p_until null: for good. Moderators and admins cannot be suspended (their
-- writes are the moderation itself; an admin makes a moderator a member
-- first). A moderator suspends for at most 30 days, and replaces only a
-- suspension ending within 30 days (private.require_suspension_within_reach).
-- Logged as suspend_user with the member, until and reason.
create or replace function private.suspend_user(p_user_id uuid, p_until timestamptz, p_reason text)
returns timestamptz
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  reason text := private.trim_ws(coalesce(p_reason, ''));
  until timestamptz := coalesce(p_until, 'infinity');
  pr public.profiles;
begin
  select * into pr from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  elsif exists (select 1 from public.user_roles ur where ur.user_id = p_user_id and ur.role = 'admin') then
    raise exception 'Admins cannot be suspended.' using errcode = 'PT409';
  elsif exists (select 1 from public.user_roles ur where ur.user_id = p_user_id and ur.role = 'moderator') then
    raise exception 'Moderators cannot be suspended. An admin can make them a member first.' using errcode = 'PT409';
  elsif reason = '' then
    raise exception 'Please give the reason for the suspension; the member will see it.' using errcode = 'PT400';
  elsif char_length(reason) > 500 then
    raise exception 'The reason for a suspension can be at most 500 characters.' using errcode = 'PT400';
  elsif until <= now() then
    raise exception 'A suspension must end in the future.' using errcode = 'PT400';
  end if;
  perform private.require_suspension_within_reach(until, 'Only an admin can suspend for longer than 30 days.');
  -- A new suspension replaces the one that lasts: a moderator may replace
  -- only what they could have lifted (a shorter end would shorten an admin's).
  if pr.suspended_until > now() then
    perform private.require_suspension_within_reach(pr.suspended_until,
      'Only an admin can change a suspension longer than 30 days.');
  end if;

  update public.profiles set suspended_until = until, suspension_reason = reason where id = p_user_id;
  perform private.log_action('suspend_user', p_details => jsonb_build_object(
    'user_id', p_user_id, 'user_name', pr.display_name, 'until', case when until = 'infinity' then null else until end, 'reason', reason));
  return until;
end;
$$;

-- A moderator lifts only what they could have set: a suspension ending
-- within 30 days.
create or replace function private.unsuspend_user(p_user_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  pr public.profiles;
begin
  select * into pr from public.profiles where id = p_user_id for update;
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  elsif pr.suspended_until is null or pr.suspended_until <= now() then
    raise exception 'This member is not suspended.' using errcode = 'PT409';
  end if;
  perform private.require_suspension_within_reach(pr.suspended_until, 'Only an admin can lift a suspension longer than 30 days.');
  update public.profiles set suspended_until = null, suspension_reason = null where id = p_user_id;
  perform private.log_action('unsuspend_user', p_details => jsonb_build_object('user_id', p_user_id, 'user_name', pr.display_name));
end;
$$;

-- Whether a member is suspended, for a moderator or an admin about to
-- suspend or lift it (profiles' suspension columns are not readable through
-- the API roles).
create or replace function private.member_suspension(p_user_id uuid)
returns table (suspended_until timestamptz, suspension_reason text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  return query
    select pr.suspended_until, pr.suspension_reason
    from public.profiles pr
    where pr.id = p_user_id and pr.suspended_until > now();
end;
$$;

-- The authors of a post and of its comments who are suspended now, for an
-- moderator or an admin reading the post: each item (kind, id) with its
-- author, their name and the suspension (until: infinity for good), in place
-- of 'Suspend author'.
create or replace function private.suspended_authors(p_post_id bigint)
returns table (kind text, item_id bigint, author_id uuid, author_name text, suspended_until timestamptz, suspension_reason text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  return query
    select i.kind, i.item_id, pr.id, pr.display_name, pr.suspended_until, pr.suspension_reason
    from (
      select 'post'::text as kind, p.id as item_id, p.author_id from public.posts p where p.id = p_post_id
      union all
      select 'comment', c.id, c.author_id from public.comments c where c.post_id = p_post_id and c.deleted_at is null
    ) i
    join public.profiles pr on pr.id = i.author_id
    where pr.suspended_until > now();
end;
$$;

-- ============================================================================
-- An author deletes their own comment (it resolves the comment's reports)
-- ============================================================================
-- The caller deletes their own comment. Without replies it goes; with replies
-- its words go and its place stays ("This comment was deleted by its
-- author."), so the replies keep theirs; its open reports are resolved, as
-- a deleted comment's are, and its author is no longer named on the row.
-- Returns whether it went ('deleted') or stays
-- ('emptied'). Admins delete with replies (private.delete_comment).
create or replace function private.delete_own_comment(p_comment_id bigint)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  c public.comments := private.lock_own_comment(p_comment_id);
begin
  if exists (select 1 from public.comments r where r.parent_id = c.id) then
    -- Nobody but an admin reads whose it was any more (private.deleted_comment_authors).
    insert into private.deleted_comment_authors (comment_id, author_id) values (c.id, c.author_id);
    update public.comments set content = '', edited_at = null, deleted_at = now(), author_id = null where id = c.id;
    update public.reports set status = 'resolved', closed_at = now()
     where post_id = c.post_id and comment_id = c.id and status = 'open';
    return 'emptied';
  end if;
  delete from public.comments where id = c.id;
  return 'deleted';
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function
  private.close_reports(bigint, public.report_status),
  private.open_reports(integer, text, bigint),
  private.suspend_user(uuid, timestamptz, text),
  private.unsuspend_user(uuid),
  private.member_suspension(uuid),
  private.suspended_authors(bigint)
to authenticated;
