-- Rate limits: how often a member may post, comment, vote or edit.

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

revoke execute on function private.hit_rate_limit(uuid, text, integer, interval) from public;
revoke execute on function private.check_recent_rows(uuid, text, text, text, integer, interval, text) from public, anon;
-- The post cooldown runs in a security-invoker trigger.
grant execute on function private.check_recent_rows(uuid, text, text, text, integer, interval, text) to authenticated;
