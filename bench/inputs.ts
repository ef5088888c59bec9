/** What the scenarios read and write, picked from the archive the bench runs on. */
import type { Sql } from "postgres";

/** The API's opaque cursor (supabase/functions/api/http/cursor.ts): base64url of [key, id]. */
const cursorOf = (key: string, id: string | number) => Buffer.from(JSON.stringify([key, Number(id)])).toString("base64url");

export interface Inputs {
  approved: number;
  busiestPostId: string;
  deepCursor: string;
  /** Home's recentNextCursor: the 20th of today's posts (UTC), or now when fewer were created today. */
  recentCursor: string;
  twoTags: string;
  searchWord: string;
  /** The newest approved posts: votes and comments go to them, spread out. */
  writePostIds: number[];
}

export async function sampleInputs(sql: Sql): Promise<Inputs> {
  const [{ approved }] = await sql<{ approved: number }[]>`
    select count(*)::int as approved from public.posts where status = 'approved'`;
  const [busiest] = await sql<{ id: string }[]>`
    select p.id from public.posts p join private.post_cards k on k.post_id = p.id
    where p.status = 'approved' order by k.comment_count desc, p.id limit 1`;
  const [deep] = await sql<{ key: string; id: string }[]>`
    select sort_date::text as key, id from public.posts where status = 'approved'
    order by sort_date desc, id desc offset ${Math.min(5000, Math.max(0, approved - 1))} limit 1`;
  const [twentieth] = await sql<{ key: string; id: string }[]>`
    select created_at::text as key, id from public.posts
    where status = 'approved' and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
    order by created_at desc, id desc offset 19 limit 1`;
  const recent = twentieth ?? { key: new Date().toISOString(), id: Number.MAX_SAFE_INTEGER };
  const tags = await sql<{ tag: string }[]>`
    select tag from (select unnest(tags) as tag from public.posts where status = 'approved' limit 20000) t
    group by tag order by count(*) desc limit 2`;
  const [word] = await sql<{ word: string }[]>`
    select lower(split_part(title, ' ', 1)) as word from public.posts
    where status = 'approved' and split_part(title, ' ', 1) ~ '^[A-Za-z]{4,}$' order by id limit 1`;
  const posts = await sql<{ id: string }[]>`
    select id from public.posts where status = 'approved' order by id desc limit 2000`;
  return {
    approved,
    busiestPostId: busiest.id,
    deepCursor: cursorOf(deep.key, deep.id),
    recentCursor: cursorOf(recent.key, recent.id),
    twoTags: tags.map((t) => t.tag).join(","),
    searchWord: word?.word ?? "alex",
    writePostIds: posts.map((p) => Number(p.id)),
  };
}

/** Posts whose vote counters differ from their votes (0 when every counter is exact). */
export async function postsWithWrongVoteCounters(sql: Sql, postIds: number[]): Promise<number> {
  const [{ wrong }] = await sql<{ wrong: number }[]>`
    select count(*)::int as wrong
    from private.post_cards k
    left join private.post_scores s on s.post_id = k.post_id
    where k.post_id = any(${postIds})
      and (k.upvotes <> (select count(*) from public.post_votes v where v.post_id = k.post_id and v.vote = 1)
        or k.downvotes <> (select count(*) from public.post_votes v where v.post_id = k.post_id and v.vote = -1)
        or s.score <> k.upvotes - k.downvotes)`;
  return wrong;
}
