-- Supabase Cron calls the api function's POST /api/jobs/sources (sources
-- extracted, checked and preserved) and POST /api/jobs/email (followers told,
-- digests queued, e-mails sent) every minute. Run once per hosted project
-- after `supabase db push` (docs/deploy.md, "The jobs"):
--
--   psql "$DATABASE_URL" -v project_url=https://<ref>.supabase.co \
--     -v jobs_secret="$SOURCES_JOB_SECRET" -f supabase/deploy/jobs-cron.sql
--
-- Running it again updates the URL, the secret and the schedule. Not a
-- migration: the local stack's Postgres has neither pg_cron nor pg_net (it
-- calls the endpoints itself, local-stack/src/schedule.ts). As in
-- https://supabase.com/docs/guides/functions/schedule-functions.

create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

-- The URL and the secret live in Supabase Vault, so cron.job's command holds neither.
select vault.create_secret(:'project_url', 'sources_jobs_project_url')
 where not exists (select 1 from vault.secrets where name = 'sources_jobs_project_url');
select vault.update_secret(id, :'project_url') from vault.secrets where name = 'sources_jobs_project_url';
select vault.create_secret(:'jobs_secret', 'sources_jobs_secret')
 where not exists (select 1 from vault.secrets where name = 'sources_jobs_secret');
select vault.update_secret(id, :'jobs_secret') from vault.secrets where name = 'sources_jobs_secret';

-- A job of the same name is replaced. A drain answers within about 30 s
-- (its budget, then the last fetches' or sends' 10 s); pg_net's default wait is 5 s.
-- One job per endpoint, each calling it with the URL and the secret from Vault.
select cron.schedule(
  job.name,
  '* * * * *',
  format($command$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'sources_jobs_project_url')
           || %L,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'x-jobs-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'sources_jobs_secret')),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  ) as request_id;
  $command$, job.path)
)
from (values ('sources-jobs', '/functions/v1/api/jobs/sources'),
             ('email-jobs', '/functions/v1/api/jobs/email')) as job (name, path);
