-- Sources: every URL a post cites (in its references or its content), kept
-- once per normalised URL, preserved in the Wayback Machine and checked on a
-- schedule; and the queue of jobs that does that work. The api function's
-- `POST /api/jobs/sources` drains the queue (supabase/functions/api/sources/):
-- it extracts and normalises the URLs, fetches and archives; the rules about
-- what is written live here, in the functions it calls as the service role.
--
-- What one post can make the queue do is bounded (once, a new member's
-- pending post citing 3,159 URLs queued 3,159 jobs ahead of everyone's):
-- - a post cites at most 100 links (private.check_cited_links, …000200_posts),
--   and registers at most that many sources (private.replace_post_sources);
-- - a source is checked while a published or pending post cites it: a
--   pending post's links are checked as soon as they are extracted, so the
--   reviewer sees which are dead or moved; the checker's own guards (public
--   addresses only, robots.txt, one request a second per host) hold for them
--   as for any other;
-- - a source is sent to the Wayback Machine (Save Page Now) only while a
--   published post cites it: a pending post's links are captured when it is
--   approved, never before (a capture is a public, lasting copy the archive
--   asks a third party to make);
-- - a source nothing published or pending cites any longer (the post was
--   rejected, withdrawn, deleted, or edited not to cite it) loses its queued
--   checks and captures, and the schedule passes it over until a post cites it
--   again (next_check_at 'infinity');
-- - jobs are claimed in fair turns: the jobs one member's posts queue (a
--   lane) are spaced a second apart in the claim's order (fair_at), so a
--   member's hundred jobs are handed out between everyone else's rather
--   than before them.

-- ============================================================================
-- Types
-- ============================================================================
-- unchecked: not yet fetched; alive: answered 2xx; moved: permanently
-- redirected (moved_to says where); dead: failed twice in a row (4xx/5xx,
-- DNS, timeout); uncheckable: robots.txt forbids it, or it refuses robots or
-- leads somewhere the checker may not go (a private address).
create type public.source_state as enum ('unchecked', 'alive', 'moved', 'dead', 'uncheckable');
create type public.source_place as enum ('references', 'content');

-- ============================================================================
-- Sources
-- ============================================================================
create table public.sources (
  id bigint generated always as identity primary key,
  -- Normalised (supabase/functions/api/sources/extract-urls.ts): one row per URL, however often cited.
  url text not null unique constraint sources_url_format check (url ~ '^https?://' and char_length(url) <= 2048),
  host text not null constraint sources_host_length check (char_length(host) between 1 and 253),
  state public.source_state not null default 'unchecked',
  moved_to text constraint sources_moved_to_format check (moved_to ~ '^https?://' and char_length(moved_to) <= 2048),
  checked_at timestamptz,
  consecutive_failures integer not null default 0 constraint sources_failures_non_negative check (consecutive_failures >= 0),
  -- 'infinity' while nothing published or pending cites it (private.retire_source).
  next_check_at timestamptz not null default now(),
  archived_url text constraint sources_archived_url_format check (archived_url ~ '^https?://' and char_length(archived_url) <= 4096),
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  constraint sources_moved_has_target check (state <> 'moved' or moved_to is not null),
  constraint sources_archive_whole check ((archived_url is null) = (archived_at is null))
);

-- The scheduler's scan (private.enqueue_due_source_checks) and the admin's lists by state.
create index sources_next_check_at_idx on public.sources (next_check_at);
create index sources_state_idx on public.sources (state) where state in ('dead', 'moved');

-- ============================================================================
-- Where posts cite them
-- ============================================================================
create table public.source_citations (
  post_id bigint not null references public.posts (id) on delete cascade,
  source_id bigint not null references public.sources (id) on delete cascade,
  place public.source_place not null,
  -- The URL's order within its place, from 0.
  position integer not null constraint source_citations_position_non_negative check (position >= 0),
  primary key (post_id, place, position)
);

-- The sources policy looks citations up by source.
create index source_citations_source_id_idx on public.source_citations (source_id, post_id);

-- ============================================================================
-- Row-level security: visitors read what readable posts cite; nobody writes
-- ============================================================================
alter table public.sources enable row level security;
alter table public.source_citations enable row level security;
revoke all on public.sources, public.source_citations from anon, authenticated, service_role;
grant select on public.sources, public.source_citations to anon, authenticated;

-- The posts policy decides which posts the subquery sees (approved, own, or an admin's).
create policy "Citations are readable when their post is readable"
  on public.source_citations for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id));

create policy "Sources are readable when a readable post cites them"
  on public.sources for select to anon, authenticated
  using (exists (select 1 from public.source_citations c where c.source_id = sources.id));

-- Visitors' answers (the api function's read cache) are built from these too.
create trigger sources_90_notify after insert or update or delete or truncate on public.sources
  for each statement execute function private.notify_public_change();
create trigger source_citations_90_notify after insert or update or delete or truncate on public.source_citations
  for each statement execute function private.notify_public_change();

-- ============================================================================
-- The job queue
-- ============================================================================
-- extract (a post's text changed), check (fetch a source), preserve (ask the
-- Wayback Machine for a capture). One row per job and subject: a change while
-- a job waits moves it up, and a change while it runs bumps its generation,
-- so that it runs again once the worker that holds it finishes.
create table private.source_jobs (
  id bigint generated always as identity primary key,
  kind text not null constraint source_jobs_kind_valid check (kind in ('extract', 'check', 'preserve')),
  post_id bigint references public.posts (id) on delete cascade,
  source_id bigint references public.sources (id) on delete cascade,
  -- What a job keeps between runs (a Save Page Now job id while a capture is under way).
  payload jsonb not null default '{}',
  generation integer not null default 1,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  -- A claimed job is held until then; a worker that dies lets it go when it passes.
  leased_until timestamptz,
  leased_by text,
  last_error text,
  given_up_at timestamptz,
  -- Whose turn it is: the member whose post queued the job (its author), or
  -- null for the schedule's checks. Not a reference: a key of the queue only.
  lane uuid,
  -- The job's turn in its lane: each job a lane queues takes the second after
  -- the lane's last one (private.lane_turn), so jobs are claimed in the order
  -- of greatest(fair_at, run_at) and a lane with many jobs waits its turn
  -- between the others'. Kept when a job is retried, so a retry waits for its
  -- run_at only, and a lane's turns follow its jobs, not their retries.
  fair_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint source_jobs_subject check (
    case kind when 'extract' then post_id is not null and source_id is null
              else source_id is not null and post_id is null end)
);

create unique index source_jobs_one_per_subject on private.source_jobs (kind, coalesce(post_id, 0), coalesce(source_id, 0));
-- The claim's order (private.claim_source_jobs), and each lane's last turn (private.lane_turn).
create index source_jobs_turn_idx on private.source_jobs ((greatest(fair_at, run_at)), id) where given_up_at is null;
create index source_jobs_lane_idx on private.source_jobs (lane, fair_at) where given_up_at is null;
create index source_jobs_post_id_idx on private.source_jobs (post_id) where post_id is not null;
create index source_jobs_source_id_idx on private.source_jobs (source_id) where source_id is not null;

-- At most one request a second to each host, across all workers (private.take_host_turn).
create table private.source_host_turns (
  host text primary key,
  next_turn_at timestamptz not null
);

alter table private.source_jobs enable row level security;
alter table private.source_host_turns enable row level security;
revoke all on private.source_jobs, private.source_host_turns from anon, authenticated, service_role;

-- When a lane's next job takes its turn: a second after the lane's last
-- queued job, or now when the lane has none waiting. A lane's next n jobs
-- take this turn and the n - 1 seconds after it.
create or replace function private.lane_turn(job_lane uuid)
returns timestamptz
language sql stable security definer set search_path = '' as $$
  select greatest(now(), (
    case when job_lane is null
         then (select max(j.fair_at) from private.source_jobs j where j.lane is null and j.given_up_at is null)
         else (select max(j.fair_at) from private.source_jobs j where j.lane = job_lane and j.given_up_at is null)
    end) + interval '1 second')
$$;

-- Adds a job in `job_lane`, or moves the waiting one up (and marks a running
-- one to run again); a waiting job keeps its turn, one given up gets a new one.
create or replace function private.enqueue_source_job(job_kind text, job_post_id bigint, job_source_id bigint, job_lane uuid)
returns void
language sql security definer set search_path = '' as $$
  insert into private.source_jobs as j (kind, post_id, source_id, lane, fair_at)
  values (job_kind, job_post_id, job_source_id, job_lane, private.lane_turn(job_lane))
  on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do update
    set generation = j.generation + 1, run_at = now(), attempts = 0, given_up_at = null, last_error = null,
        lane = excluded.lane, fair_at = case when j.given_up_at is null then j.fair_at else excluded.fair_at end
$$;

-- Whether a published post (or, unless only_published, one waiting for
-- review) cites the source: what keeps it checked (and captured).
create or replace function private.source_is_cited(target_source_id bigint, only_published boolean)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.source_citations c join public.posts p on p.id = c.post_id
     where c.source_id = target_source_id
       and (p.status = 'approved' or (not only_published and p.status = 'pending')))
$$;

-- A source no published post cites is not captured, and one nothing
-- published or pending cites is not checked either: their queued jobs go
-- (a worker running one finds nothing to finish), and the schedule passes
-- it over (next_check_at 'infinity') until a post cites it again
-- (private.replace_post_sources).
create or replace function private.retire_source(target_source_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if private.source_is_cited(target_source_id, true) then
    return;
  end if;
  delete from private.source_jobs where source_id = target_source_id and kind = 'preserve';
  if private.source_is_cited(target_source_id, false) then
    return;
  end if;
  delete from private.source_jobs where source_id = target_source_id and kind = 'check';
  if exists (select 1 from public.sources where id = target_source_id and next_check_at <> 'infinity') then
    update public.sources set next_check_at = 'infinity' where id = target_source_id;
  end if;
end;
$$;

-- Captures for a published post's sources that have none yet, in its
-- author's lane, but for those in `passed_over`: what it cited before this
-- extraction, whose captures were asked for when it was approved or first
-- cited them (a capture that found nothing is not asked for again at every edit).
create or replace function private.enqueue_post_captures(target_post_id bigint, job_lane uuid, passed_over bigint[])
returns void
language sql security definer set search_path = '' as $$
  insert into private.source_jobs (kind, source_id, lane, fair_at)
  select 'preserve', s.id, job_lane, private.lane_turn(job_lane) + (row_number() over (order by s.id) - 1) * interval '1 second'
    from public.sources s
   where s.id in (select c.source_id from public.source_citations c where c.post_id = target_post_id)
     and s.archived_at is null
     and not s.id = any (passed_over)
  on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do nothing
$$;

-- ============================================================================
-- Extraction follows every change of a post's text
-- ============================================================================
-- Submission, an admin's edit and an applied suggestion all write posts, so
-- this one trigger covers them.
create or replace function private.enqueue_post_extraction()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.enqueue_source_job('extract', new.id, null, new.author_id);
  return null;
end;
$$;

create trigger posts_70_extract_sources_insert
  after insert on public.posts
  for each row execute function private.enqueue_post_extraction();
create trigger posts_70_extract_sources_update
  after update of content, citations on public.posts
  for each row when (old.content is distinct from new.content or old.citations is distinct from new.citations)
  execute function private.enqueue_post_extraction();

-- ============================================================================
-- Review and removal decide what is checked and captured
-- ============================================================================
-- Approved: the post's sources are captured now (never while it waited).
-- Rejected: those nothing else published or pending cites are retired.
create or replace function private.follow_post_review()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status = 'approved' then
    perform private.enqueue_post_captures(new.id, new.author_id, '{}');
  else
    perform private.retire_source(c.source_id)
       from (select distinct sc.source_id from public.source_citations sc where sc.post_id = new.id) c;
  end if;
  return null;
end;
$$;

create trigger posts_70_follow_review
  after update of status on public.posts
  for each row when (old.status is distinct from new.status)
  execute function private.follow_post_review();

-- A citation gone (its post withdrawn or deleted, or its text re-extracted
-- without it): its source is retired unless something else still cites it.
-- Deferred to commit, so that private.replace_post_sources, which deletes a
-- post's citations and writes them again, retires only what it left out.
create or replace function private.source_citation_removed()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.retire_source(old.source_id);
  return null;
end;
$$;

create constraint trigger source_citations_70_retire_sources
  after delete on public.source_citations
  deferrable initially deferred
  for each row execute function private.source_citation_removed();

-- ============================================================================
-- What the worker calls (as the service role)
-- ============================================================================
-- Due checks become jobs, in the schedule's lane (null): sources on their
-- schedule (a new source's first check is queued when it is extracted,
-- private.replace_post_sources). A due source nothing published or pending
-- cites (a check under way when its post went) is parked instead.
create or replace function private.enqueue_due_source_checks(how_many integer)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  cited bigint[];
  uncited bigint[];
  queued integer;
begin
  select coalesce(array_agg(d.id order by d.next_check_at) filter (where d.cited), '{}'),
         coalesce(array_agg(d.id) filter (where not d.cited), '{}')
    into cited, uncited
    from (select s.id, s.next_check_at, private.source_is_cited(s.id, false) as cited
            from public.sources s
           where s.next_check_at <= now()
           order by s.next_check_at
           limit how_many) d;
  if cardinality(uncited) > 0 then
    update public.sources set next_check_at = 'infinity' where id = any (uncited);
  end if;
  with due as (
    insert into private.source_jobs (kind, source_id, lane, fair_at)
    select 'check', d.id, null, private.lane_turn(null) + (d.n - 1) * interval '1 second'
      from unnest(cited) with ordinality as d (id, n)
    on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do nothing
    returning 1)
  select count(*)::integer into queued from due;
  return queued;
end;
$$;

-- Claims up to `how_many` due jobs for `lease_seconds`, in turn order
-- (greatest(fair_at, run_at): each lane's jobs a second apart, so one
-- member's many jobs alternate with everyone else's; source_jobs_turn_idx).
-- skip locked: two workers claiming at once take different rows; the lease
-- keeps a claimed job from anyone else until it passes. The choice is made
-- once, in a materialized CTE: as an `in (…)` subquery Postgres may run it
-- again for each row it updates, claiming more than `how_many`.
create or replace function private.claim_source_jobs(worker text, how_many integer, lease_seconds integer)
returns setof private.source_jobs
language sql security definer set search_path = '' as $$
  with chosen as materialized (
    select d.id from private.source_jobs d
     where d.run_at <= now() and d.given_up_at is null and (d.leased_until is null or d.leased_until < clock_timestamp())
     order by greatest(d.fair_at, d.run_at), d.id
     limit how_many
     for update skip locked)
  update private.source_jobs j
     set leased_until = clock_timestamp() + make_interval(secs => lease_seconds), leased_by = worker, attempts = j.attempts + 1
    from chosen
   where j.id = chosen.id
  returning j.*
$$;

-- A job done: gone, unless its subject changed meanwhile (a newer generation), then it runs again.
create or replace function private.finish_source_job(job_id bigint, worker text, claimed_generation integer)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.source_jobs where id = job_id and leased_by = worker and generation = claimed_generation;
  if not found then
    update private.source_jobs set leased_until = null, leased_by = null, attempts = 0
     where id = job_id and leased_by = worker;
  end if;
end;
$$;

-- A job to run again later: after `delay_seconds` when given (waiting is no
-- failure: the attempt is not counted), else after a failure with backoff
-- (30 s, doubling, at most 6 h), given up after 8 attempts.
create or replace function private.retry_source_job(job_id bigint, worker text, error text, delay_seconds integer, new_payload jsonb)
returns void
language sql security definer set search_path = '' as $$
  update private.source_jobs j
     set leased_until = null, leased_by = null,
         payload = coalesce(new_payload, j.payload),
         attempts = case when delay_seconds is null then j.attempts else j.attempts - 1 end,
         last_error = coalesce(left(error, 500), j.last_error),
         run_at = clock_timestamp() + make_interval(secs => coalesce(delay_seconds, least(21600, 30 * 2 ^ (j.attempts - 1))::integer)),
         given_up_at = case when delay_seconds is null and j.attempts >= 8 then now() end
   where j.id = job_id and j.leased_by = worker
$$;

-- A post's text, for extraction (the worker reads no table itself).
create or replace function private.post_source_text(target_post_id bigint)
returns table (content text, citations text)
language sql stable security definer set search_path = '' as $$
  select p.content, p.citations from public.posts p where p.id = target_post_id
$$;

-- A post's sources as extracted ([{url, host, place, position}]): its
-- citations replaced by at most private.cited_links_limit() distinct URLs
-- (the first ones; the posts trigger refuses a text citing more), new
-- sources added. While the post is published or pending, a source new to the
-- queue (new, or parked because nothing cited it) is checked at once; while
-- it is published, each source it did not cite before is captured unless it
-- has a capture. Both in the author's lane. Sources it stops citing are
-- retired at commit (source_citations_70_retire_sources).
create or replace function private.replace_post_sources(target_post_id bigint, cited_urls jsonb)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  post record;
  live boolean;
  kept text[];
  fresh bigint[];
  cited_before bigint[];
  added integer;
begin
  select p.status, p.author_id into post from public.posts p where p.id = target_post_id;
  if not found then
    return 0;
  end if;
  live := post.status in ('approved', 'pending');

  select coalesce(array_agg(u.url order by u.first), '{}') into kept
    from (select e.value ->> 'url' as url, min(e.n) as first
            from jsonb_array_elements(cited_urls) with ordinality as e (value, n)
           group by 1 order by 2 limit private.cited_links_limit()) u;

  with inserted as (
    insert into public.sources (url, host, next_check_at)
    select distinct on (f.url) f.url, f.host, case when live then now() else 'infinity' end
      from jsonb_to_recordset(cited_urls) as f (url text, host text)
     where f.url = any (kept)
    on conflict (url) do nothing
    returning id)
  select coalesce(array_agg(id), '{}') into fresh from inserted;
  added := cardinality(fresh);

  select coalesce(array_agg(distinct c.source_id), '{}') into cited_before
    from public.source_citations c where c.post_id = target_post_id;
  delete from public.source_citations where post_id = target_post_id;
  insert into public.source_citations (post_id, source_id, place, position)
  select target_post_id, s.id, f.place, f.position
    from jsonb_to_recordset(cited_urls) as f (url text, place public.source_place, position integer)
    join public.sources s on s.url = f.url
   where f.url = any (kept);

  if live then
    if exists (select 1 from public.sources s where s.url = any (kept) and s.next_check_at = 'infinity') then
      with unparked as (
        update public.sources s set next_check_at = now()
         where s.url = any (kept) and s.next_check_at = 'infinity'
        returning s.id)
      select fresh || coalesce(array_agg(id), '{}') into fresh from unparked;
    end if;
    insert into private.source_jobs (kind, source_id, lane, fair_at)
    select 'check', f.id, post.author_id, private.lane_turn(post.author_id) + (f.n - 1) * interval '1 second'
      from unnest(fresh) with ordinality as f (id, n)
    on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do nothing;
  end if;
  if post.status = 'approved' then
    perform private.enqueue_post_captures(target_post_id, post.author_id, cited_before);
  end if;
  return added;
end;
$$;

-- A source's url and current state, for a check or a capture, and whether
-- a published (`published`) or a published or pending post (`cited`) cites
-- it: a job whose source was retired while it waited or ran does nothing.
create or replace function private.source_for_job(target_source_id bigint)
returns table (url text, host text, state public.source_state, consecutive_failures integer, created_at timestamptz,
               archived_at timestamptz, cited boolean, published boolean)
language sql stable security definer set search_path = '' as $$
  select s.url, s.host, s.state, s.consecutive_failures, s.created_at, s.archived_at,
         private.source_is_cited(s.id, false), private.source_is_cited(s.id, true)
    from public.sources s where s.id = target_source_id
$$;

-- What a check found, as the check rules decided it (sources/check-rules.ts).
-- A source retired while its check ran stays parked.
create or replace function private.record_source_check(
  target_source_id bigint, new_state public.source_state, new_moved_to text, failures integer, next_check timestamptz)
returns void
language sql security definer set search_path = '' as $$
  update public.sources
     set state = new_state, moved_to = case when new_state = 'moved' then new_moved_to end,
         consecutive_failures = failures, checked_at = now(),
         next_check_at = case when private.source_is_cited(target_source_id, false) then next_check else 'infinity' end
   where id = target_source_id
$$;

-- The Wayback Machine's capture of a source.
create or replace function private.record_source_archive(target_source_id bigint, capture_url text, captured_at timestamptz)
returns void
language sql security definer set search_path = '' as $$
  update public.sources set archived_url = capture_url, archived_at = captured_at
   where id = target_source_id and (archived_at is null or archived_at <= captured_at)
$$;

-- When this worker may send its next request to `target_host`: each call
-- takes the next free second, so requests to one host are a second apart
-- whichever worker sends them. Null, and no turn taken, when the next free
-- one is more than `max_wait_seconds` away (the job waits in the queue instead).
create or replace function private.take_host_turn(target_host text, max_wait_seconds integer)
returns timestamptz
language sql security definer set search_path = '' as $$
  insert into private.source_host_turns as t (host, next_turn_at)
  values (target_host, clock_timestamp() + interval '1 second')
  on conflict (host) do update set next_turn_at = greatest(t.next_turn_at, clock_timestamp()) + interval '1 second'
    where t.next_turn_at <= clock_timestamp() + make_interval(secs => max_wait_seconds)
  returning next_turn_at - interval '1 second'
$$;

-- ============================================================================
-- A post's sources, as readers see them
-- ============================================================================
-- Each source once, references first and then content, in the post's order:
-- what GET /api/posts/{id}/sources lists and the review queue shows on each
-- card (private.pending_posts). Security invoker: the caller's row-level
-- security decides which citations it sees. A source whose last check failed
-- but is not dead yet says so (consecutive_failures) and when it is tried
-- again (next_check_at, null while nothing checks it), so readers see it was
-- checked rather than "not yet checked".
create or replace function private.post_sources_json(target_post_id bigint)
returns json
language sql stable security invoker set search_path = '' as $$
  select coalesce(json_agg(json_build_object(
           'url', s.url, 'host', s.host, 'state', s.state, 'moved_to', s.moved_to, 'checked_at', s.checked_at,
           'consecutive_failures', s.consecutive_failures,
           'next_check_at', case when s.next_check_at <> 'infinity' then s.next_check_at end,
           'archived_url', s.archived_url, 'archived_at', s.archived_at, 'place', c.place)
         order by c.place, c.position), '[]'::json)
  from (select distinct on (sc.source_id) sc.source_id, sc.place, sc.position
          from public.source_citations sc where sc.post_id = target_post_id
         order by sc.source_id, sc.place, sc.position) c
  join public.sources s on s.id = c.source_id
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
revoke execute on function private.enqueue_source_job(text, bigint, bigint, uuid), private.enqueue_post_extraction(),
  private.lane_turn(uuid), private.source_is_cited(bigint, boolean), private.retire_source(bigint),
  private.enqueue_post_captures(bigint, uuid, bigint[]), private.follow_post_review(), private.source_citation_removed()
  from anon, authenticated, service_role;
grant execute on function
  private.enqueue_due_source_checks(integer), private.claim_source_jobs(text, integer, integer),
  private.finish_source_job(bigint, text, integer), private.retry_source_job(bigint, text, text, integer, jsonb),
  private.post_source_text(bigint), private.replace_post_sources(bigint, jsonb), private.source_for_job(bigint),
  private.record_source_check(bigint, public.source_state, text, integer, timestamptz),
  private.record_source_archive(bigint, text, timestamptz), private.take_host_turn(text, integer)
  to service_role;
-- The api function reads a post's sources as the caller.
grant execute on function private.post_sources_json(bigint) to anon, authenticated;
