/**
 * Writes that have followers: a comment on a thread 1,000 members follow, and
 * an admin approving a post in a tag 1,000 members follow. The followers are
 * told by the e-mail jobs' fan-out (POST /api/jobs/email), never in the
 * request, so these rows show that followers cost the request nothing; what
 * they left is removed afterwards, so runs measure the same archive.
 */
import type { Sql } from "postgres";

export const followersPerThing = 1000;
/** The tag the approve row's posts carry; bench-only, so nobody else follows it. */
const followedTag = "bench-followed";

const benchMembers = (sql: Sql, pool: string, count: number) => sql<{ id: string }[]>`
  select u.id from auth.users u
  where u.email like ${`bench-${pool}-%@bench.example.com`}
  order by u.created_at, u.id limit ${count}`;

export interface FollowedWrites {
  /** Threads each followed by followersPerThing members. */
  threadIds: number[];
  /** Pending posts in a tag followersPerThing members follow, for the approve row. */
  pendingPostIds: number[];
}

/** Follows `threadIds` and the bench tag with the commenter pool's first members, and writes `pendingCount` pending posts in that tag. */
export async function prepareFollowedWrites(sql: Sql, threadIds: number[], pendingCount: number): Promise<FollowedWrites> {
  const followers = (await benchMembers(sql, "commenter", followersPerThing)).map((row) => row.id);
  if (followers.length < followersPerThing) throw new Error(`only ${followers.length} bench commenters to follow with`);
  const [author] = await benchMembers(sql, "reader", 1);
  await sql`insert into public.post_follows (member_id, post_id)
            select f, t from unnest(${followers}::uuid[]) f cross join unnest(${threadIds}::bigint[]) t on conflict do nothing`;
  await sql`insert into public.tag_follows (member_id, tag) select f, ${followedTag} from unnest(${followers}::uuid[]) f on conflict do nothing`;
  const pending = await sql<{ id: string }[]>`
    insert into public.posts (author_id, title, excerpt, content, tags, status)
    select ${author.id}, 'Bench post ' || n || ' for review', 'A bench post.', 'Written for the approve row of the bench.',
           array[${followedTag}], 'pending'
    from generate_series(1, ${pendingCount}) n
    returning id`;
  return { threadIds, pendingPostIds: pending.map((row) => Number(row.id)) };
}

/**
 * Removes the bench's follows and posts, and what the jobs made of them: the
 * follow events still waiting and the followers' notifications (the bench
 * comments' go with them, deleted by deleteBenchComments). How many
 * notifications the jobs had fanned out meanwhile.
 */
export async function removeFollowedWrites(sql: Sql, writes: FollowedWrites): Promise<number> {
  const [{ told }] = await sql<{ told: number }[]>`
    select count(*)::int as told from public.notifications
    where kind in ('followed_post_comment', 'followed_tag_post')
      and (post_id = any(${writes.threadIds}::bigint[]) or post_id = any(${writes.pendingPostIds}::bigint[]))`;
  await sql`delete from public.posts where id = any(${writes.pendingPostIds}::bigint[])`;
  await sql`delete from private.notification_events where post_id = any(${writes.threadIds}::bigint[])`;
  await sql`delete from public.notifications where kind = 'followed_post_comment' and post_id = any(${writes.threadIds}::bigint[])`;
  await sql`delete from public.post_follows f using auth.users u
            where f.member_id = u.id and u.email like 'bench-%@bench.example.com' and f.post_id = any(${writes.threadIds}::bigint[])`;
  await sql`delete from public.tag_follows where tag = ${followedTag}`;
  return told;
}

/** The bench's reviewer, an admin (created by signedInMembers like every bench member, the role granted here). */
export async function makeReviewerAdmin(sql: Sql): Promise<void> {
  await sql`insert into public.user_roles (user_id, role)
            select u.id, 'admin' from auth.users u where u.email = 'bench-reviewer-1@bench.example.com'
            on conflict do nothing`;
}
