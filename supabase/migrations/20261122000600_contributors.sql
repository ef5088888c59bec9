-- A contributor leaving the archive: account deletion and the export of
-- their data. (What they read about their own work, My contributions, is in
-- …120300_readers_my_contributions.sql.)

-- ============================================================================
-- Leaving: deleting one's account
-- ============================================================================
-- The rule the API checks before it deletes the account through Auth's admin
-- API: the caller confirms by typing their own e-mail address. Returns the
-- caller's id. Deleting auth.users then takes the profile, roles, votes (the
-- counters follow, trigger by trigger), edit and general suggestions with it
-- (foreign keys on delete cascade); posts and comments stay, their author
-- set to null and shown as "Deleted user" (private.post_json, comment_json).
create or replace function private.confirm_account_deletion(p_email text)
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
begin
  if not exists (
    select 1 from auth.users u
    where u.id = uid and lower(u.email) = lower(private.trim_ws(coalesce(p_email, '')))
  ) then
    raise exception 'The e-mail address does not match your account. Type it exactly as you sign in with it.' using errcode = 'PT400';
  end if;
  return uid;
end;
$$;

-- ============================================================================
-- Download my data
-- ============================================================================
-- Everything the archive holds about the caller, as one JSON document. Tables
-- other parts of the schema may add (notifications, reports, follows and
-- notification settings) are included when they exist, by the columns that
-- name their owner.
create or replace function private.account_export()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_user();
  result jsonb;
  extra text;
  owner_condition text;
  extra_rows jsonb;
begin
  select jsonb_build_object(
    'exported_at', private.iso_timestamp(now()),
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at)
      from auth.users u where u.id = uid),
    'profile', (
      select jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'display_name', p.display_name,
                                'adult_confirmed', p.adult_confirmed, 'created_at', p.created_at)
      from public.profiles p where p.id = uid),
    'roles', coalesce((select jsonb_agg(r.role order by r.role) from public.user_roles r where r.user_id = uid), '[]'::jsonb),
    'posts', coalesce((
      select jsonb_agg(private.post_snapshot(p.id) || jsonb_build_object(
               'id', p.id, 'status', p.status, 'rejection_reason', p.rejection_reason, 'created_at', p.created_at,
               'updated_at', p.updated_at, 'reviewed_at', p.reviewed_at,
               'media', coalesce((select jsonb_agg(jsonb_build_object('url', '/images/' || m.object_path, 'media_type', m.media_type,
                                                                     'width', m.width, 'height', m.height)
                                                   order by m.position, m.id)
                                  from public.post_media m where m.post_id = p.id), '[]'::jsonb))
             order by p.created_at, p.id)
      from public.posts p where p.author_id = uid), '[]'::jsonb),
    'comments', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'post_id', c.post_id, 'parent_id', c.parent_id, 'content', c.content,
                                          'created_at', c.created_at) order by c.created_at, c.id)
      from public.comments c where c.author_id = uid), '[]'::jsonb),
    'post_votes', coalesce((
      select jsonb_agg(jsonb_build_object('post_id', v.post_id, 'vote', case v.vote when 1 then 'up' else 'down' end,
                                          'created_at', v.created_at, 'updated_at', v.updated_at) order by v.created_at)
      from public.post_votes v where v.user_id = uid), '[]'::jsonb),
    'comment_votes', coalesce((
      select jsonb_agg(jsonb_build_object('comment_id', v.comment_id, 'vote', case v.vote when 1 then 'up' else 'down' end,
                                          'created_at', v.created_at, 'updated_at', v.updated_at) order by v.created_at)
      from public.comment_votes v where v.user_id = uid), '[]'::jsonb),
    'edit_suggestions', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'post_id', s.post_id, 'summary', s.summary, 'changes', s.changes,
                                          'original', s.original, 'status', s.status, 'rejection_reason', s.rejection_reason,
                                          'created_at', s.created_at, 'reviewed_at', s.reviewed_at) order by s.created_at, s.id)
      from public.edit_suggestions s where s.user_id = uid), '[]'::jsonb),
    'suggestions', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'suggestion', s.suggestion, 'status', s.status, 'created_at', s.created_at)
                       order by s.created_at, s.id)
      from public.suggestions s where s.user_id = uid), '[]'::jsonb),
    'withdrawn_posts', coalesce((
      select jsonb_agg(jsonb_build_object('id', w.post_id, 'title', w.title, 'created_at', w.created_at, 'withdrawn_at', w.withdrawn_at)
                       order by w.created_at, w.post_id)
      from private.withdrawn_posts w where w.author_id = uid), '[]'::jsonb)
  ) into result;

  foreach extra in array array['notifications', 'reports', 'post_follows', 'tag_follows', 'author_follows',
                               'notification_preferences', 'digest_settings'] loop
    if to_regclass(format('public.%I', extra)) is not null then
      -- The user's own rows: addressed to them or made by them, never rows that merely mention them.
      select string_agg(format('t.%I = $1', a.attname), ' or ') into owner_condition
        from pg_attribute a
       where a.attrelid = to_regclass(format('public.%I', extra)) and a.attnum > 0 and not a.attisdropped
         and a.attname in ('user_id', 'recipient_id', 'reporter_id', 'member_id');
      if owner_condition is not null then
        execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where %s', extra, owner_condition)
          into extra_rows using uid;
        result := result || jsonb_build_object(extra, extra_rows);
      end if;
    end if;
  end loop;
  return result;
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.confirm_account_deletion(text),
  private.account_export()
from public;
grant execute on function
  private.confirm_account_deletion(text),
  private.account_export()
to authenticated;
