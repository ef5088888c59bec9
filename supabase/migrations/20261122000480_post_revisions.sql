-- A post's history: every published change is kept as a revision (who, when,
-- why, and the post's fields after the change), so readers can see what
-- changed and trust what they read. Revisions are written only by the
-- security-definer functions that publish a change (private.approve_post,
-- private.approve_edit_suggestion, private.update_post call
-- private.record_post_revision) and are never changed afterwards, by anyone,
-- but for one thing: an admin may hide a revision's content (its fields and
-- reason: defamation, someone's address) from everyone but admins, as
-- MediaWiki's RevisionDelete does; the revision stays in the history with its
-- date and kind.

create type public.revision_kind as enum ('approval', 'suggestion', 'admin_edit');

create table public.post_revisions (
  id bigint generated always as identity primary key,
  post_id bigint not null references public.posts (id) on delete cascade,
  kind public.revision_kind not null,
  -- The member whose words these are: the post's author for its approval, the
  -- suggester for an applied edit suggestion. An admin's edit has none: which
  -- admin reviewed or edited is for admins only (the moderation log), as on
  -- posts (see posts.reviewed_at).
  author_id uuid references public.profiles (id) on delete set null,
  -- Why: the edit suggestion's summary or the admin's note.
  reason text constraint post_revisions_reason_length check (char_length(reason) <= 2000),
  -- The post's fields after the change, in the form of private.post_snapshot.
  -- Null while the content is hidden: fields and reason are then kept in
  -- public.hidden_revision_content, which only admins read.
  fields jsonb,
  -- The fields that differ from the revision before (every field for the
  -- first), kept when it is recorded so that the history can name them
  -- without reading anyone's hidden content.
  changed_fields text[] not null,
  content_hidden boolean not null default false,
  created_at timestamptz not null default now(),
  constraint post_revisions_hidden_content_moved check (
    case when content_hidden then fields is null and reason is null else fields is not null end)
);

comment on table public.post_revisions is
  'A published post''s history: one immutable row per published change (approval, applied edit suggestion, admin edit).';

-- What an admin hid of a revision (private.hide_revision): its fields and
-- reason as they were, for admins only. The row exists exactly while the
-- revision's content is hidden.
create table public.hidden_revision_content (
  revision_id bigint primary key references public.post_revisions (id) on delete cascade,
  fields jsonb not null,
  reason text
);

comment on table public.hidden_revision_content is
  'The fields and reason of revisions whose content an admin hid; admins only.';

-- A post's history, newest first, one keyset page at a time.
create index post_revisions_post_id_created_at_idx on public.post_revisions (post_id, created_at desc, id desc);
create index post_revisions_author_id_idx on public.post_revisions (author_id);

alter table public.post_revisions enable row level security;

-- Revisions exist only for posts that were published, and a published post
-- stays published; the status test keeps it so should that ever change.
create policy "Revisions of published posts are readable by everyone"
  on public.post_revisions for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_id and p.status = 'approved'));

-- No write policies, and no write grants: only private.record_post_revision
-- (security definer) inserts.
revoke all on public.post_revisions from anon, authenticated;
grant select on public.post_revisions to anon, authenticated;

alter table public.hidden_revision_content enable row level security;

create policy "Admins can read the hidden content of revisions"
  on public.hidden_revision_content for select to authenticated
  using ((select private.is_admin()));

-- Visitors hold no privilege on it; only private.hide_revision and
-- private.unhide_revision (security definer) write it.
revoke all on public.hidden_revision_content from anon, authenticated;
grant select on public.hidden_revision_content to authenticated;

-- Immutable for every role, the owner included. Two changes come from
-- foreign keys and must pass: deleting a post deletes its history (cascade,
-- after the post row is gone), and deleting an account clears author_id
-- (its name becomes "Deleted user", as on posts and comments). A third moves
-- the content to admins and back (private.hide_revision,
-- private.unhide_revision): fields and reason only, and only when
-- public.hidden_revision_content holds them as they were, so hiding can
-- never lose or rewrite what a revision said.
create or replace function private.post_revisions_refuse_change()
returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  content constant text[] := array['fields', 'reason', 'content_hidden'];
begin
  if tg_op = 'DELETE' then
    if not exists (select 1 from public.posts p where p.id = old.post_id) then
      return old;
    end if;
  elsif new.author_id is null and to_jsonb(new) - 'author_id' = to_jsonb(old) - 'author_id' then
    return new;
  elsif to_jsonb(new) - content = to_jsonb(old) - content
    and new.content_hidden is distinct from old.content_hidden
    and exists (
      select 1 from public.hidden_revision_content h
      where h.revision_id = old.id
        and h.fields = case when new.content_hidden then old.fields else new.fields end
        and h.reason is not distinct from case when new.content_hidden then old.reason else new.reason end) then
    return new;
  end if;
  raise exception 'Revisions cannot be changed.' using errcode = 'PT403';
end;
$$;

create trigger post_revisions_10_refuse_change
  before update or delete on public.post_revisions
  for each row execute function private.post_revisions_refuse_change();

create trigger post_revisions_90_notify after insert or update or delete or truncate on public.post_revisions
  for each statement execute function private.notify_public_change();

-- ============================================================================
-- Recording
-- ============================================================================
-- A revision's fields, hidden or not: for the database's own comparisons,
-- never for callers.
create or replace function private.revision_fields(p_revision_id bigint)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(r.fields, h.fields)
  from public.post_revisions r
  left join public.hidden_revision_content h on h.revision_id = r.id
  where r.id = p_revision_id
$$;

-- The post's latest revision, or null.
create or replace function private.latest_revision_id(p_post_id bigint)
returns bigint
language sql stable security definer set search_path = '' as $$
  select r.id from public.post_revisions r
  where r.post_id = p_post_id
  order by r.created_at desc, r.id desc
  limit 1
$$;

-- The post's fields as they are now become a revision, with the fields that
-- differ from the latest one. Called in the publishing function's
-- transaction, after its change.
create or replace function private.record_post_revision(
  p_post_id bigint,
  p_kind public.revision_kind,
  p_author_id uuid,
  p_reason text default null
)
returns void
language sql security definer set search_path = '' as $$
  insert into public.post_revisions (post_id, kind, author_id, reason, fields, changed_fields)
  select p_post_id, p_kind, p_author_id, nullif(private.trim_ws(p_reason), ''), snapshot.fields,
         (select coalesce(array_agg(f.key order by f.key), '{}') from jsonb_each(snapshot.fields) f
          where f.value is distinct from latest.fields -> f.key)
  from (select private.post_snapshot(p_post_id) as fields) snapshot
  cross join (select private.revision_fields(private.latest_revision_id(p_post_id)) as fields) latest;
$$;

-- An admin's edit of a published post becomes a revision when it changed the
-- fields a revision keeps, or when the admin says why (a note on a change of
-- media alone). Edits of a pending post are not published: its approval
-- records what was published.
create or replace function private.record_admin_edit(p_post_id bigint, p_note text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  note text := private.admin_words(p_note, 'note');
  latest jsonb;
begin
  if not exists (select 1 from public.posts where id = p_post_id and status = 'approved') then
    return;
  end if;
  latest := private.revision_fields(private.latest_revision_id(p_post_id));
  if note is not null or latest is distinct from private.post_snapshot(p_post_id) then
    perform private.record_post_revision(p_post_id, 'admin_edit', null, note);
  end if;
end;
$$;

-- Posts published before revisions were kept (and the seed's) get their
-- approval revision, with the fields they have now.
create or replace function private.record_missing_approval_revisions()
returns void
language sql security definer set search_path = '' as $$
  insert into public.post_revisions (post_id, kind, author_id, fields, changed_fields, created_at)
  select p.id, 'approval', p.author_id, s.fields, array(select jsonb_object_keys(s.fields) order by 1),
         coalesce(p.reviewed_at, p.created_at)
  from public.posts p
  cross join lateral (select private.post_snapshot(p.id) as fields) s
  where p.status = 'approved'
    and not exists (select 1 from public.post_revisions r where r.post_id = p.id);
$$;

select private.record_missing_approval_revisions();

-- ============================================================================
-- Where else a revision's words are kept
-- ============================================================================
-- Hidden means admins only, everywhere the text is kept. Besides the
-- revision, a post's words are quoted by edit suggestions (the one that made
-- a revision holds its new words; one made while a revision was the post as
-- it stood holds its words as `original`) and by the moderation log's
-- approval entry (the title as approved).

-- Whether an edit suggestion quotes a hidden revision: the suggestion that
-- made it (approved in the transaction that recorded it, so reviewed_at is
-- the revision's created_at), or one made while it was the latest revision.
create or replace function private.quotes_hidden_revision(
  p_post_id bigint, p_status public.review_status, p_created_at timestamptz, p_reviewed_at timestamptz)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.post_revisions r
    where r.post_id = p_post_id and r.content_hidden
      and ((r.kind = 'suggestion' and p_status = 'approved' and r.created_at = p_reviewed_at)
           or (p_created_at >= r.created_at
               and not exists (select 1 from public.post_revisions n
                               where n.post_id = r.post_id and (n.created_at, n.id) > (r.created_at, r.id)
                                 and n.created_at <= p_created_at))))
$$;

-- The select policy of edit_suggestions lives here, after the history it reads.
create policy "Members read their own edit suggestions, admins all, moderators those quoting nothing hidden"
  on public.edit_suggestions for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or ((select private.is_moderator()) and not private.quotes_hidden_revision(post_id, status, created_at, reviewed_at))
  );

-- The approval entry's title while the approval revision is hidden: taken
-- out of the log entry (details.title_hidden says so) and kept here for
-- admins, until the revision is shown again.
create table private.hidden_log_titles (
  log_id bigint primary key references public.moderation_log (id) on delete cascade,
  revision_id bigint not null references public.post_revisions (id) on delete cascade,
  title text
);
create index hidden_log_titles_revision_id_idx on private.hidden_log_titles (revision_id);

alter table private.hidden_log_titles enable row level security;
revoke all on private.hidden_log_titles from public, anon, authenticated;

-- Hides (p_hidden) or restores the title the approval entry of revision r quotes.
create or replace function private.hide_log_title(r public.post_revisions, p_hidden boolean)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_hidden and r.kind = 'approval' then
    insert into private.hidden_log_titles (log_id, revision_id, title)
    select l.id, r.id, l.details ->> 'title'
    from public.moderation_log l
    where l.action = 'approve_post' and l.post_id = r.post_id and l.created_at = r.created_at and l.details ? 'title';
    update public.moderation_log l
       set details = (l.details - 'title') || '{"title_hidden": true}'
      from private.hidden_log_titles h
     where h.revision_id = r.id and h.log_id = l.id;
  elsif not p_hidden then
    update public.moderation_log l
       set details = (l.details - 'title_hidden') || jsonb_build_object('title', h.title)
      from private.hidden_log_titles h
     where h.revision_id = r.id and h.log_id = l.id;
    delete from private.hidden_log_titles where revision_id = r.id;
  end if;
end;
$$;

-- ============================================================================
-- Hiding a revision's content
-- ============================================================================
-- An admin hides what an older revision said (its fields and reason) from
-- everyone but admins; the revision stays listed with its date, kind and the
-- names of the fields it changed. p_reason (required, at most 500 characters)
-- goes to the moderation log. The latest revision is the post as it stands,
-- which stays public: the admin edits the post first.
create or replace function private.hide_revision(p_revision_id bigint, p_reason text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  reason text := private.admin_words(p_reason, 'reason');
  r public.post_revisions;
begin
  if reason is null then
    raise exception 'Please give the reason for hiding this content.' using errcode = 'PT400';
  end if;
  r := private.lock_row(null::public.post_revisions, p_revision_id, 'Revision not found.');
  if r.content_hidden then
    raise exception 'This revision''s content is already hidden.' using errcode = 'PT409';
  elsif r.id = private.latest_revision_id(r.post_id) then
    raise exception 'This revision is the post as it stands: edit the post first, then hide this revision.' using errcode = 'PT409';
  end if;
  insert into public.hidden_revision_content (revision_id, fields, reason) values (r.id, r.fields, r.reason);
  update public.post_revisions set fields = null, reason = null, content_hidden = true where id = r.id;
  perform private.hide_log_title(r, true);
  perform private.log_action('hide_revision', r.post_id, p_details => jsonb_build_object('revision_id', r.id, 'reason', reason));
end;
$$;

-- Shows a hidden revision's content to everyone again, as it was.
create or replace function private.unhide_revision(p_revision_id bigint)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_admin();
  r public.post_revisions;
  h public.hidden_revision_content;
begin
  r := private.lock_row(null::public.post_revisions, p_revision_id, 'Revision not found.');
  select * into h from public.hidden_revision_content where revision_id = r.id;
  if not found then
    raise exception 'This revision''s content is not hidden.' using errcode = 'PT409';
  end if;
  update public.post_revisions set fields = h.fields, reason = h.reason, content_hidden = false where id = r.id;
  delete from public.hidden_revision_content where revision_id = r.id;
  perform private.hide_log_title(r, false);
  perform private.log_action('unhide_revision', r.post_id, p_details => jsonb_build_object('revision_id', r.id));
end;
$$;

-- ============================================================================
-- Reading
-- ============================================================================
-- A revision as the API shows it; security invoker like post_json, so the
-- caller's row-level security decides which names appear. Unlike post_json it
-- keeps `set search_path = ''` (no inlining): a history page is a few dozen
-- rows, not a list of thousands.
create or replace function private.revision_json(r public.post_revisions)
returns table (revision jsonb)
language sql stable security invoker rows 1 set search_path = '' as $$
  select jsonb_build_object(
    'id', r.id,
    'post_id', r.post_id,
    'kind', r.kind,
    'author_name', case when r.kind = 'admin_edit' then null
                        when r.author_id is null then 'Deleted user'
                        else (select pr.display_name from public.profiles pr where pr.id = r.author_id) end,
    'reason', r.reason,
    'changed_fields', to_jsonb(r.changed_fields),
    'content_hidden', r.content_hidden,
    'created_at', r.created_at)
$$;

-- ============================================================================
-- Profiles: a name is public where its owner wrote something public
-- ============================================================================
-- Visitors and members see an author's name on an approved post, on a
-- comment or on a revision (a suggester whose edit was applied), and their
-- own; moderators and admins see every name (review queue, suggestions, log). Nobody can list the accounts of people who only read, vote or suggest.
-- It lives here, after the last table a public contribution is kept in.
create or replace function private.has_public_contribution(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.posts p where p.author_id = p_user_id and p.status = 'approved')
      or exists (select 1 from public.comments c where c.author_id = p_user_id)
      or exists (select 1 from public.post_revisions r where r.author_id = p_user_id)
$$;

create policy "Names of authors are readable by visitors"
  on public.profiles for select to anon
  using (private.has_public_contribution(id));

create policy "Names of authors, their own and all for moderators and admins are readable by signed-in users"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select private.is_moderator()) or private.has_public_contribution(id));

-- ============================================================================
-- Privileges
-- ============================================================================
revoke execute on function
  private.post_revisions_refuse_change(),
  private.revision_fields(bigint),
  private.latest_revision_id(bigint),
  private.hide_revision(bigint, text),
  private.unhide_revision(bigint),
  private.record_post_revision(bigint, public.revision_kind, uuid, text),
  private.record_admin_edit(bigint, text),
  private.record_missing_approval_revisions(),
  private.revision_json(public.post_revisions),
  private.has_public_contribution(uuid),
  private.quotes_hidden_revision(bigint, public.review_status, timestamptz, timestamptz),
  private.hide_log_title(public.post_revisions, boolean)
from public;
grant execute on function private.quotes_hidden_revision(bigint, public.review_status, timestamptz, timestamptz) to authenticated;
grant execute on function private.revision_json(public.post_revisions) to anon, authenticated;
grant execute on function private.has_public_contribution(uuid) to anon, authenticated;
grant execute on function private.hide_revision(bigint, text), private.unhide_revision(bigint) to authenticated;
