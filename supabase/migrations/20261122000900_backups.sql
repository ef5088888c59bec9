-- Backups: every finished `npm run backup` records itself here, so
-- the admins see when the archive was last backed up and a stale backup is
-- noticed. Written by the backup script as the database owner; read by
-- admins through private.last_backup.

-- ============================================================================
-- Backups
-- ============================================================================
create table private.backups (
  id bigint generated always as identity primary key,
  -- When its snapshot of the data was taken (the backup's start).
  created_at timestamptz not null,
  finished_at timestamptz not null default now(),
  file_name text not null constraint backups_file_name_length check (char_length(file_name) between 1 and 500),
  bytes bigint not null constraint backups_bytes_nonnegative check (bytes >= 0),
  sha256 text not null constraint backups_sha256_hex check (sha256 ~ '^[0-9a-f]{64}$'),
  tables integer not null,
  objects integer not null,
  encrypted boolean not null default true
);

create index backups_finished_at_idx on private.backups (finished_at desc);

comment on table private.backups is
  'One row per finished backup (npm run backup): when, how big, what it holds. Admins read the latest through private.last_backup.';

alter table private.backups enable row level security;
revoke all on private.backups from public, anon, authenticated;

-- The latest backup, or null when none was ever recorded: admins only.
create or replace function private.last_backup()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return (
    select jsonb_build_object(
      'createdAt', b.created_at, 'finishedAt', b.finished_at, 'fileName', b.file_name, 'bytes', b.bytes,
      'tables', b.tables, 'objects', b.objects, 'encrypted', b.encrypted)
    from private.backups b
    order by b.finished_at desc
    limit 1);
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function private.last_backup() from public;
grant execute on function private.last_backup() to authenticated;
