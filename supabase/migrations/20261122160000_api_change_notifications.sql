-- The api function keeps what it answered visitors in memory until the data
-- behind it changes. These triggers tell it so: one NOTIFY per statement (and
-- Postgres folds identical ones within a transaction), delivered on commit.

-- ============================================================================
-- Change notifications on everything a visitor can read
-- ============================================================================
create or replace function private.notify_public_change()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform pg_notify('public_changes', tg_table_name);
  return null;
end;
$$;

create trigger posts_90_notify after insert or update or delete or truncate on public.posts
  for each statement execute function private.notify_public_change();
create trigger post_media_90_notify after insert or update or delete or truncate on public.post_media
  for each statement execute function private.notify_public_change();
create trigger info_boxes_90_notify after insert or update or delete or truncate on public.info_boxes
  for each statement execute function private.notify_public_change();
create trigger comments_90_notify after insert or update or delete or truncate on public.comments
  for each statement execute function private.notify_public_change();
create trigger profiles_90_notify after insert or update or delete or truncate on public.profiles
  for each statement execute function private.notify_public_change();

revoke execute on function private.notify_public_change() from public;
