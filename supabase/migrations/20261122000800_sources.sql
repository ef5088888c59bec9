-- Sources: every URL a post cites (in its references or its content), kept
-- once per normalised URL, preserved in the Wayback Machine and checked on a
-- schedule; and the queue of jobs that does that work. The api function's
-- `POST /api/jobs/sources` drains the queue (supabase/functions/api/sources/):
-- it extracts and normalises the URLs, fetches and archives; the rules about
-- what is written live here, in the functions it calls as the service role.

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
  created_at timestamptz not null default now(),
  constraint source_jobs_subject check (
    case kind when 'extract' then post_id is not null and source_id is null
              else source_id is not null and post_id is null end)
);

create unique index source_jobs_one_per_subject on private.source_jobs (kind, coalesce(post_id, 0), coalesce(source_id, 0));
create index source_jobs_due_idx on private.source_jobs (run_at, id) where given_up_at is null;
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

-- Adds a job, or moves the waiting one up (and marks a running one to run again).
create or replace function private.enqueue_source_job(job_kind text, job_post_id bigint, job_source_id bigint)
returns void
language sql security definer set search_path = '' as $$
  insert into private.source_jobs as j (kind, post_id, source_id)
  values (job_kind, job_post_id, job_source_id)
  on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do update
    set generation = j.generation + 1, run_at = now(), attempts = 0, given_up_at = null, last_error = null
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
  perform private.enqueue_source_job('extract', new.id, null);
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
-- What the worker calls (as the service role)
-- ============================================================================
-- Due checks become jobs: new sources at once, the rest on their schedule.
create or replace function private.enqueue_due_source_checks(how_many integer)
returns integer
language sql security definer set search_path = '' as $$
  with due as (
    insert into private.source_jobs (kind, source_id)
    select 'check', s.id from public.sources s
     where s.next_check_at <= now()
     order by s.next_check_at
     limit how_many
    on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do nothing
    returning 1)
  select count(*)::integer from due
$$;

-- Claims up to `how_many` due jobs for `lease_seconds`. skip locked: two
-- workers claiming at once take different rows; the lease keeps a claimed
-- job from anyone else until it passes. The choice is made once, in a
-- materialized CTE: as an `in (…)` subquery Postgres may run it again for
-- each row it updates, claiming more than `how_many`.
create or replace function private.claim_source_jobs(worker text, how_many integer, lease_seconds integer)
returns setof private.source_jobs
language sql security definer set search_path = '' as $$
  with chosen as materialized (
    select d.id from private.source_jobs d
     where d.run_at <= now() and d.given_up_at is null and (d.leased_until is null or d.leased_until < clock_timestamp())
     order by d.run_at, d.id
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
-- citations replaced, new sources added, each new one to be preserved (its
-- check is due at once, see private.enqueue_due_source_checks).
create or replace function private.replace_post_sources(target_post_id bigint, cited_urls jsonb)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  added integer;
begin
  if not exists (select 1 from public.posts where id = target_post_id) then
    return 0;
  end if;
  with cited as (
    select f.url, f.host from jsonb_to_recordset(cited_urls) as f (url text, host text)),
  inserted as (
    insert into public.sources (url, host)
    select distinct on (c.url) c.url, c.host from cited c
    on conflict (url) do nothing
    returning id),
  queued as (
    insert into private.source_jobs (kind, source_id)
    select 'preserve', i.id from inserted i
    on conflict (kind, coalesce(post_id, 0), coalesce(source_id, 0)) do nothing
    returning 1)
  select count(*) into added from inserted;

  delete from public.source_citations where post_id = target_post_id;
  insert into public.source_citations (post_id, source_id, place, position)
  select target_post_id, s.id, f.place, f.position
    from jsonb_to_recordset(cited_urls) as f (url text, place public.source_place, position integer)
    join public.sources s on s.url = f.url;
  return added;
end;
$$;

-- A source's url and current state, for a check or a capture.
create or replace function private.source_for_job(target_source_id bigint)
returns table (url text, host text, state public.source_state, consecutive_failures integer, created_at timestamptz, archived_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.url, s.host, s.state, s.consecutive_failures, s.created_at, s.archived_at from public.sources s where s.id = target_source_id
$$;

-- What a check found, as the check rules decided it (sources/check-rules.ts).
create or replace function private.record_source_check(
  target_source_id bigint, new_state public.source_state, new_moved_to text, failures integer, next_check timestamptz)
returns void
language sql security definer set search_path = '' as $$
  update public.sources
     set state = new_state, moved_to = case when new_state = 'moved' then new_moved_to end,
         consecutive_failures = failures, checked_at = now(), next_check_at = next_check
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
-- security decides which citations it sees.
create or replace function private.post_sources_json(target_post_id bigint)
returns json
language sql stable security invoker set search_path = '' as $$
  select coalesce(json_agg(json_build_object(
           'url', s.url, 'host', s.host, 'state', s.state, 'movedTo', s.moved_to, 'checked_at', s.checked_at,
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
revoke execute on function private.enqueue_source_job(text, bigint, bigint), private.enqueue_post_extraction()
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
