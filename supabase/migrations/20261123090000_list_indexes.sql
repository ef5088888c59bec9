-- Indexes the API's list queries can use under row-level security (issue 7).
--
-- Under RLS, Postgres evaluates the policy's conditions before any condition
-- of the query that is not LEAKPROOF, and may not use such a condition as an
-- index condition. The enum comparison `status = 'approved'` is not
-- leakproof, so the composite indexes (status, sort_date desc, id desc) etc.
-- could not be entered by status: anon and signed-in lists fell back to a
-- sequential scan of posts and a sort. Partial indexes `where status = ...`
-- need no index condition on status (the planner proves the predicate from
-- the query), and their leading key is the sort key, so a page is a short
-- ordered index scan. Timestamp, integer and bigint comparisons (date
-- filter, keyset cursor) are leakproof and stay index conditions.

-- Lists and timeline: newest/oldest by listing date, the keyset cursor, the date filter.
create index if not exists posts_approved_sort_date_idx
  on public.posts (sort_date desc, id desc) where status = 'approved';

-- sort=most_upvotes.
create index if not exists posts_approved_score_idx
  on public.posts ((upvotes - downvotes) desc, id desc) where status = 'approved';

-- Home: recent posts of today.
create index if not exists posts_approved_created_at_idx
  on public.posts (created_at desc, id desc) where status = 'approved';

-- Admin: pending posts, oldest first.
create index if not exists posts_pending_created_at_idx
  on public.posts (created_at, id) where status = 'pending';

-- Admin: pending edit suggestions, oldest first.
create index if not exists edit_suggestions_pending_created_at_idx
  on public.edit_suggestions (created_at, id) where status = 'pending';

-- The composite (status, ...) indexes above are now unused by the API (only
-- the database owner, without RLS, could enter them by status): drop them so
-- every post write maintains three fewer indexes.
drop index if exists public.posts_status_sort_date_idx;
drop index if exists public.posts_status_score_idx;
drop index if exists public.posts_status_created_at_idx;
