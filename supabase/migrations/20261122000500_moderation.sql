-- The moderation functions the API calls. Every function here is security
-- definer, checks the role itself (PT401 without a signed-in user, PT403
-- 'Moderator access required.' or 'Admin access required.' for others),
-- raises PT404 for missing targets and writes the moderation log
-- (…000450_moderation_log.sql). Moderators review posts and edit
-- suggestions, edit pending posts, delete comments and read the suggestion
-- box; pinning, marking important, deleting posts and editing published ones
-- are an admin's.

-- ============================================================================
-- Posts
-- ============================================================================
-- Moderation is a state machine: only a pending post can be approved or
-- rejected, and only once (a second click, a stale panel or a replayed request
-- is a 409 and writes no second log row).
-- Review means someone else's: a moderator's own posts await another
-- moderator or an admin (an admin's would have been published at once).
create or replace function private.lock_pending_post(p_post_id bigint)
returns public.posts
language plpgsql security definer set search_path = '' as $$
declare
  p public.posts := private.lock_post(p_post_id);
begin
  if p.status <> 'pending' then
    raise exception 'This post has already been reviewed.' using errcode = 'PT409';
  elsif p.author_id = (select auth.uid()) and not private.is_admin() then
    raise exception 'You cannot review your own post: another moderator or an admin will.' using errcode = 'PT403';
  end if;
  return p;
end;
$$;

-- p_version is the updated_at the review panel showed (its author's edits
-- move it too): approval and rejection decide on exactly what the admin
-- looked at, or answer 409. Without it (SPEC's bodiless call) the current
-- version is reviewed.
create or replace function private.check_post_version(p public.posts, p_version timestamptz, p_action text)
returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_version is not null and p.updated_at <> p_version then
    raise exception 'This post changed since you opened it. Review it again before %.', p_action using errcode = 'PT409';
  end if;
end;
$$;

create or replace function private.approve_post(p_post_id bigint, p_version timestamptz default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  p public.posts := private.lock_pending_post(p_post_id);
begin
  perform private.check_post_version(p, p_version, 'approving');
  update public.posts
     set status = 'approved', reviewed_at = now()
   where id = p_post_id;
  perform private.record_post_revision(p_post_id, 'approval', p.author_id);
  perform private.log_action('approve_post', p_post_id, p_details => jsonb_build_object('title', p.title, 'from', p.status));
end;
$$;

-- Returns the storage paths of the post's media, which the API deletes.
-- p_reason (optional) is shown to the author; p_version as for approve_post.
create or replace function private.reject_post(p_post_id bigint, p_reason text default null, p_version timestamptz default null)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  p public.posts := private.lock_pending_post(p_post_id);
  reason text := private.admin_words(p_reason, 'reason');
  paths text[];
begin
  perform private.check_post_version(p, p_version, 'rejecting');
  update public.posts
     set status = 'rejected', reviewed_at = now(), is_pinned = false, is_important = false, rejection_reason = reason
   where id = p_post_id;
  with removed as (
    delete from public.post_media where post_id = p_post_id returning object_path
  )
  select coalesce(array_agg(object_path), '{}') into paths from removed;
  perform private.log_action('reject_post', p_post_id,
    p_details => jsonb_strip_nulls(jsonb_build_object('title', p.title, 'from', p.status, 'reason', reason)));
  return private.unreferenced_media(paths);
end;
$$;

-- Pinning one post unpins any other.
create or replace function private.set_post_pinned(p_post_id bigint, p_pinned boolean)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  p public.posts;
begin
  perform pg_advisory_xact_lock(hashtextextended('pinned-post', 0));
  p := private.lock_post(p_post_id);
  if p_pinned then
    update public.posts set is_pinned = false where is_pinned and id <> p_post_id;
  end if;
  update public.posts set is_pinned = coalesce(p_pinned, false) where id = p_post_id;
  perform private.log_action(case when p_pinned then 'pin_post' else 'unpin_post' end, p_post_id);
end;
$$;

create or replace function private.set_post_important(p_post_id bigint, p_important boolean)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  p public.posts := private.lock_post(p_post_id);
begin
  update public.posts set is_important = coalesce(p_important, false) where id = p_post_id;
  perform private.log_action(case when p_important then 'mark_important' else 'unmark_important' end, p_post_id);
end;
$$;

-- Returns the storage paths of the post's media, which the API deletes.
-- Anyone else may only withdraw their own pending post (private.withdraw_post).
create or replace function private.delete_post(p_post_id bigint)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid;
  p public.posts;
  paths text[];
begin
  if not private.is_admin() then
    return private.withdraw_post(p_post_id);
  end if;
  uid := private.require_admin();
  p := private.lock_post(p_post_id);
  select coalesce(array_agg(m.object_path), '{}') into paths from public.post_media m where m.post_id = p_post_id;
  delete from public.posts where id = p_post_id;
  perform private.log_action('delete_post', p_post_id, p_details => jsonb_build_object('title', p.title, 'status', p.status));
  return private.unreferenced_media(paths);
end;
$$;

-- p_fields: any of title, excerpt, content, tags, citations, post_type,
-- is_nsfw, event_timestamp, info_boxes ([{title, content, order}], replaces
-- all info boxes). p_keep_media: object paths of the media that stay (null:
-- all stay). p_new_media: [{object_path, media_type, width, height}] appended.
-- p_note (optional, ≤ 500 characters): why, for the post's history.
-- Returns the storage paths of removed media, which the API deletes.
-- Anyone else may only edit their own pending post (private.update_own_post;
-- a pending post has no history, so no note); moderators edit what awaits
-- review, admins any post.
create or replace function private.update_post(
  p_post_id bigint,
  p_fields jsonb,
  p_keep_media text[] default null,
  p_new_media jsonb default '[]',
  p_note text default null
)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid;
  p public.posts;
  changes jsonb;
  paths text[];
begin
  if not private.is_moderator() then
    return private.update_own_post(p_post_id, p_fields, p_keep_media, p_new_media);
  end if;
  uid := private.require_moderator();
  p := private.lock_post(p_post_id);
  -- Moderators edit what awaits review only; their own reviewed posts get
  -- what any author gets (private.lock_own_pending_post).
  if p.status <> 'pending' and not private.is_admin() then
    if p.author_id = uid then
      return private.update_own_post(p_post_id, p_fields, p_keep_media, p_new_media);
    elsif p.status = 'approved' then
      raise exception 'Only admins edit published posts. Please suggest an edit instead.' using errcode = 'PT403';
    end if;
    raise exception 'This post has already been reviewed.' using errcode = 'PT409';
  end if;
  changes := private.normalize_post_changes(
    coalesce(p_fields, '{}'),
    private.editable_post_fields());
  perform private.apply_post_changes(p_post_id, changes);
  paths := private.edit_post_media(p_post_id, p_keep_media, p_new_media);

  perform private.record_admin_edit(p_post_id, p_note);
  perform private.log_action('update_post', p_post_id, p_details => jsonb_build_object(
    'fields', (select coalesce(jsonb_agg(k), '[]') from jsonb_object_keys(changes) k),
    'removed_media', to_jsonb(paths),
    'added_media', jsonb_array_length(coalesce(p_new_media, '[]'))));
  return private.unreferenced_media(paths);
end;
$$;

-- ============================================================================
-- Comments
-- ============================================================================
-- Deleting a comment deletes its replies (foreign key cascade). Anyone but moderators and admins
-- may only delete their own comment (private.delete_own_comment).
create or replace function private.delete_comment(p_comment_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid;
  c public.comments;
  replies integer;
begin
  if not private.is_moderator() then
    perform private.delete_own_comment(p_comment_id);
    return;
  end if;
  uid := private.require_moderator();
  c := private.lock_row(null::public.comments, p_comment_id, 'Comment not found.');
  select count(*) into replies from public.comments where parent_id = p_comment_id;
  delete from public.comments where id = p_comment_id;
  -- The comment is gone afterwards: the log keeps whose it was and how it began.
  perform private.log_action('delete_comment', c.post_id, p_comment_id,
    p_details => jsonb_build_object('author_id', c.author_id, 'replies_deleted', replies,
      'author_name', (select pr.display_name from public.profiles pr where pr.id = c.author_id),
      'comment_start', left(c.content, 80)));
end;
$$;

-- ============================================================================
-- Edit suggestions
-- ============================================================================
-- As for posts, review means someone else's: an admin, who could have made
-- the edit directly, may apply their own suggestion; a moderator may not. A
-- suggestion that quotes what an admin hid is an admin's to review.
create or replace function private.lock_pending_edit_suggestion(p_suggestion_id bigint)
returns public.edit_suggestions
language plpgsql security definer set search_path = '' as $$
declare
  s public.edit_suggestions := private.lock_row(null::public.edit_suggestions, p_suggestion_id, 'Suggestion not found.');
begin
  if s.status <> 'pending' then
    raise exception 'This suggestion has already been reviewed.' using errcode = 'PT409';
  elsif private.is_admin() then
    return s;
  elsif s.user_id = (select auth.uid()) then
    raise exception 'You cannot review your own suggestion: another moderator or an admin will.' using errcode = 'PT403';
  elsif private.quotes_hidden_revision(s.post_id, s.status, s.created_at, s.reviewed_at) then
    raise exception 'Only an admin can review this suggestion: it quotes content an admin hid.' using errcode = 'PT403';
  end if;
  return s;
end;
$$;

-- Applies exactly the suggested fields (info boxes too), in the caller's transaction.
create or replace function private.approve_edit_suggestion(p_suggestion_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  s public.edit_suggestions := private.lock_pending_edit_suggestion(p_suggestion_id);
  p public.posts := private.lock_post(s.post_id);
begin
  perform private.apply_post_changes(
    s.post_id,
    private.normalize_post_changes(
      s.changes,
      private.suggestible_post_fields()));
  update public.edit_suggestions
     set status = 'approved', reviewed_at = now()
   where id = p_suggestion_id;
  perform private.record_post_revision(s.post_id, 'suggestion', s.user_id, s.summary);
  perform private.log_action('approve_edit_suggestion', s.post_id, p_suggestion_id => p_suggestion_id,
    p_details => jsonb_build_object('fields', (select jsonb_agg(k) from jsonb_object_keys(s.changes) k)));
end;
$$;

-- p_reason (optional) is shown to the suggestion's author.
create or replace function private.reject_edit_suggestion(p_suggestion_id bigint, p_reason text default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  s public.edit_suggestions := private.lock_pending_edit_suggestion(p_suggestion_id);
  reason text := private.admin_words(p_reason, 'reason');
begin
  update public.edit_suggestions
     set status = 'rejected', reviewed_at = now(), rejection_reason = reason
   where id = p_suggestion_id;
  perform private.log_action('reject_edit_suggestion', s.post_id, p_suggestion_id => p_suggestion_id,
    p_details => jsonb_strip_nulls(jsonb_build_object('reason', reason)));
end;
$$;

-- ============================================================================
-- The edit-suggestion queue
-- ============================================================================
-- As the review queue (private.pending_posts): the moderator role checked
-- here, then the pending suggestions read by their partial index
-- (edit_suggestions_pending_created_at_idx) without row-level security, which
-- would show a member their own. Oldest first, each with the changed fields'
-- original_* and suggested_* values (SPEC §3); with a limit, a page at a time
-- (keyset on created_at and id), and always how many wait. Moderators do not
-- get their own, nor those quoting what an admin hid
-- (private.lock_pending_edit_suggestion says why).
create or replace function private.pending_edit_suggestions(p_limit integer default null, p_after_key text default null,
                                                            p_after_id bigint default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := private.require_moderator();
  all_of_them boolean := private.is_admin();
begin
  perform private.require_queue_page(p_limit, p_after_key, p_after_id::text, 'a suggestion');
  return (
    with page as (
      select s.id, s.created_at, row_number() over (order by s.created_at, s.id) as position
      from public.edit_suggestions s
      where s.status = 'pending'
        and (all_of_them or (s.user_id is distinct from uid
                             and not private.quotes_hidden_revision(s.post_id, s.status, s.created_at, s.reviewed_at)))
        and (s.created_at, s.id) > (coalesce(p_after_key::timestamptz, '-infinity'), coalesce(p_after_id, 0))
      order by s.created_at, s.id
      limit p_limit + 1
    )
    select jsonb_build_object(
      'suggestions', (
        select coalesce(jsonb_agg(
                 jsonb_build_object('id', s.id, 'post_id', s.post_id, 'post_title', p.title, 'summary', s.summary,
                                    'status', s.status, 'user_name', pr.display_name, 'created_at', s.created_at)
                 || coalesce((select jsonb_object_agg('suggested_' || c.key, c.value) from jsonb_each(s.changes) c), '{}'::jsonb)
                 || coalesce((select jsonb_object_agg('original_' || o.key, o.value) from jsonb_each(s.original) o), '{}'::jsonb)
               order by g.position), '[]'::jsonb)
        from page g
        join public.edit_suggestions s on s.id = g.id
        join public.posts p on p.id = s.post_id
        left join public.profiles pr on pr.id = s.user_id
        where p_limit is null or g.position <= p_limit),
      'next', (
        select jsonb_build_object('key', g.created_at::text, 'id', g.id)
        from page g
        where g.position = p_limit and exists (select 1 from page later where later.position > p_limit)),
      'total', (select count(*) from public.edit_suggestions s
                where s.status = 'pending'
                  and (all_of_them or (s.user_id is distinct from uid
                                       and not private.quotes_hidden_revision(s.post_id, s.status, s.created_at, s.reviewed_at)))))
  );
end;
$$;

-- ============================================================================
-- General suggestions
-- ============================================================================
-- The suggestion box a page at a time, newest first (keyset on created_at and
-- id), with how many it holds: it only grows. Without a limit, every
-- suggestion (the SPEC's call). The sender's e-mail address only for admins:
-- addresses are People's, which moderators do not see.
create or replace function private.list_suggestions(p_status text default null, p_limit integer default null,
                                                     p_before_key text default null, p_before_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  with_email boolean := private.is_admin();
begin
  perform private.require_moderator();
  perform private.require_queue_page(p_limit, p_before_key, p_before_id::text, 'a suggestion');
  return (
    -- A page and one more, which tells whether another page follows.
    with page as (
      select s.id, s.created_at, row_number() over (order by s.created_at desc, s.id desc) as position
      from public.suggestions s
      where (p_status is null or s.status = p_status)
        and (p_before_key is null or (s.created_at, s.id) < (p_before_key::timestamptz, p_before_id))
      order by s.created_at desc, s.id desc
      limit p_limit + 1
    )
    select jsonb_build_object(
      'suggestions', (
        select coalesce(jsonb_agg(jsonb_build_object(
                 'id', s.id, 'userName', pr.display_name, 'userEmail', case when with_email then u.email end,
                 'timestamp', s.created_at, 'suggestion', s.suggestion, 'status', s.status)
               order by g.position), '[]'::jsonb)
        from page g
        join public.suggestions s on s.id = g.id
        left join public.profiles pr on pr.id = s.user_id
        left join auth.users u on u.id = s.user_id
        where p_limit is null or g.position <= p_limit),
      'next', (
        select jsonb_build_object('key', g.created_at::text, 'id', g.id)
        from page g
        where g.position = p_limit and exists (select 1 from page later where later.position > p_limit)),
      'total', (select count(*) from public.suggestions s where p_status is null or s.status = p_status))
  );
end;
$$;

-- The statuses a moderator or an admin sets: 'new' until read, then 'reviewed'.
create or replace function private.set_suggestion_status(p_suggestion_id uuid, p_status text)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  previous text;
begin
  perform private.require_moderator();
  if p_status is null or p_status not in ('new', 'reviewed') then
    raise exception 'The status must be new or reviewed.' using errcode = 'PT400';
  end if;
  select s.status into previous from public.suggestions s where s.id = p_suggestion_id for update;
  if not found then
    raise exception 'Suggestion not found.' using errcode = 'PT404';
  end if;
  -- Setting the status it has changes nothing and logs nothing.
  if previous is distinct from p_status then
    update public.suggestions set status = p_status where id = p_suggestion_id;
    perform private.log_action('set_suggestion_status', p_details => jsonb_build_object(
      'suggestion_id', p_suggestion_id, 'status', p_status, 'previous_status', previous));
  end if;
  return p_status;
end;
$$;

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on all functions in schema private from public;
grant execute on function
  private.approve_post(bigint, timestamptz),
  private.reject_post(bigint, text, timestamptz),
  private.set_post_pinned(bigint, boolean),
  private.set_post_important(bigint, boolean),
  private.delete_post(bigint),
  private.update_post(bigint, jsonb, text[], jsonb, text),
  private.delete_comment(bigint),
  private.approve_edit_suggestion(bigint),
  private.reject_edit_suggestion(bigint, text),
  private.pending_edit_suggestions(integer, text, bigint),
  private.list_suggestions(text, integer, text, uuid),
  private.set_suggestion_status(uuid, text)
to authenticated;
