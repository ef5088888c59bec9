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

revoke execute on function private.hit_rate_limit(uuid, text, integer, interval) from public;
