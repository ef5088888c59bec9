-- Link health: the dead and moved sources across the archive, with
-- the posts that cite them, for moderators and admins (GET /api/admin/link-health).

-- ============================================================================
-- private.link_health
-- ============================================================================
-- Newest problem first: by when the source was last checked (the check that
-- found it dead or moved), then by id; a page of p_limit rows after the
-- cursor (the sort key and id of the last row shown). Security definer, as
-- the team must see sources cited only by posts row-level security hides from
-- them (a rejected post's). Only sources some post still cites are listed.
create or replace function private.link_health(p_limit integer, p_cursor_key text default null, p_cursor_id bigint default null)
returns table (source jsonb, sort_key text, id bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_moderator();
  perform private.require_page_limit(p_limit);
  return query
    select jsonb_build_object(
             'url', s.url, 'host', s.host, 'state', s.state, 'moved_to', s.moved_to, 'checked_at', s.checked_at,
             'archived_url', s.archived_url, 'archived_at', s.archived_at,
             'posts', (select jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title, 'status', p.status) order by p.id desc)
                       from public.posts p
                       where p.id in (select c.post_id from public.source_citations c where c.source_id = s.id))),
           -- Never checked (a state set by hand) sorts last, and still pages.
           coalesce(s.checked_at, '-infinity')::text,
           s.id
    from public.sources s
    where s.state in ('dead', 'moved')
      and exists (select 1 from public.source_citations c where c.source_id = s.id)
      and (coalesce(s.checked_at, '-infinity'), s.id)
          < (coalesce(p_cursor_key::timestamptz, 'infinity'), coalesce(p_cursor_id, 9223372036854775807))
    order by coalesce(s.checked_at, '-infinity') desc, s.id desc
    limit p_limit;
end;
$$;

revoke execute on function private.link_health(integer, text, bigint) from public;
grant execute on function private.link_health(integer, text, bigint) to authenticated;
