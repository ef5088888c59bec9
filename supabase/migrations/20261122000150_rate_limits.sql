-- Rate limits: how often a member may post, comment, vote or edit, and how
-- often anyone may download the whole archive or a list of posts.

-- ============================================================================
-- Rate limits (fixed one-minute windows per user and action)
-- ============================================================================
create table private.rate_limits (
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (user_id, action)
);

alter table private.rate_limits enable row level security;
-- No policies: only the security definer function below touches it.

-- Counts one hit; false once more than max_hits fell into the current window.
create or replace function private.hit_rate_limit(p_user_id uuid, p_action text, p_max_hits integer, p_window interval)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  n integer;
begin
  insert into private.rate_limits as r (user_id, action, window_start, hits)
  values (p_user_id, p_action, now(), 1)
  on conflict (user_id, action) do update
    set window_start = case when r.window_start <= now() - p_window then now() else r.window_start end,
        hits = case when r.window_start <= now() - p_window then 1 else r.hits + 1 end
  returning r.hits into n;
  return n <= p_max_hits;
end;
$$;

-- ============================================================================
-- Limits counted from the rows a member wrote (the post and comment
-- cooldowns, the hourly limits of suggestions and reports)
-- ============================================================================
-- PT429 with p_message once p_uid has p_max rows in p_table (their id in
-- p_user_column) created within p_window. Rows are counted, so the window
-- slides; the advisory lock, named by p_lock and the member's id,
-- serialises one member's concurrent inserts.
-- Security invoker: the rows counted are those its caller may see. Dynamic
-- SQL, once per insert.
create or replace function private.check_recent_rows(
  p_uid uuid, p_lock text, p_table text, p_user_column text, p_max integer, p_window interval, p_message text)
returns void
language plpgsql security invoker set search_path = '' as $$
declare
  n integer;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_lock || ':' || p_uid::text, 0));
  execute format('select count(*) from public.%I where %I = $1 and created_at > now() - $2', p_table, p_user_column)
    into n using p_uid, p_window;
  if n >= p_max then
    raise exception '%', p_message using errcode = 'PT429';
  end if;
end;
$$;

-- ============================================================================
-- Downloads per client (fixed one-hour windows per member or address)
-- ============================================================================
-- GET /api/export/archive.jsonl reads every published post and
-- GET /api/export/posts up to 10,000; visitors may ask for both, so each
-- client may download the archive 5 times and lists 30 times an hour: a
-- member by their account, a visitor by their address, which the api function
-- sends as its SHA-256 (http/client-address.ts). Counted here, so every
-- isolate of the function counts the same downloads. A window's rows go once
-- it is over, so the table holds at most the last hour's clients.
create table private.download_hits (
  -- 'user:' and the member's id, or 'address:' and the hash of the visitor's address.
  client text not null,
  download text not null constraint download_hits_download_known check (download in ('archive', 'posts')),
  window_start timestamptz not null,
  hits integer not null,
  primary key (client, download)
);

create index download_hits_window_start_idx on private.download_hits (window_start);

alter table private.download_hits enable row level security;
-- No policies: only the security definer function below touches it.

-- Counts one download of p_download ('archive' or 'posts') by the caller: null
-- while it is within the limit, else {max, retry_after}, the limit and the
-- seconds until the caller's hour is over. A visitor without an address (no
-- X-Forwarded-For: the local stack's own tools and tests, which call the
-- function directly) is not counted; behind a hosted project's gateway every
-- request carries one.
create or replace function private.hit_download_limit(p_download text, p_address_hash text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  max_hits integer := case p_download when 'archive' then 5 when 'posts' then 30 end;
  window_length constant interval := interval '1 hour';
  who text;
  hit private.download_hits;
begin
  if max_hits is null then
    raise exception 'Unknown download.' using errcode = 'PT400';
  end if;
  who := case
    when uid is not null then 'user:' || uid::text
    when p_address_hash ~ '^[0-9a-f]{64}$' then 'address:' || p_address_hash
  end;
  if who is null then
    return null;
  end if;
  delete from private.download_hits where window_start <= now() - window_length;
  insert into private.download_hits as h (client, download, window_start, hits)
  values (who, p_download, now(), 1)
  on conflict (client, download) do update
    set window_start = case when h.window_start <= now() - window_length then now() else h.window_start end,
        hits = case when h.window_start <= now() - window_length then 1 else h.hits + 1 end
  returning h.* into hit;
  if hit.hits <= max_hits then
    return null;
  end if;
  return jsonb_build_object(
    'max', max_hits,
    'retry_after', greatest(1, ceil(extract(epoch from hit.window_start + window_length - now())))::integer);
end;
$$;

revoke execute on function private.hit_rate_limit(uuid, text, integer, interval) from public;
revoke execute on function private.check_recent_rows(uuid, text, text, text, integer, interval, text) from public, anon;
-- The post cooldown runs in a security-invoker trigger.
grant execute on function private.check_recent_rows(uuid, text, text, text, integer, interval, text) to authenticated;
revoke execute on function private.hit_download_limit(text, text) from public;
grant execute on function private.hit_download_limit(text, text) to anon, authenticated;
