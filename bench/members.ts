/**
 * Benchmark accounts: members created straight in auth.users with a cheap
 * bcrypt cost (4), so signing hundreds of them in is quick. They are bench
 * accounts, not people; each pool has its own e-mail prefix so one pool's
 * rate limits (30 votes and 1 comment a minute per member) never eat into
 * another's.
 */
import type { Sql } from "postgres";

/** Readers sign in for reads; the others write, each pool for one kind of load. */
export const pools = ["reader", "voter", "commenter", "storm-voter", "storm-commenter", "thread-commenter", "reviewer"] as const;
export type Pool = (typeof pools)[number];

export interface Member {
  email: string;
  token: string;
}

async function anonKeyOfLocalStack(): Promise<string> {
  const { execFileSync } = await import("node:child_process");
  const env = execFileSync("npx", ["tsx", "local-stack/src/cli.ts", "env"], { encoding: "utf8" });
  const line = env.split("\n").find((l) => l.startsWith("SUPABASE_ANON_KEY="));
  if (!line) throw new Error("Set SUPABASE_ANON_KEY (npm run --silent stack:env prints it).");
  return line.slice("SUPABASE_ANON_KEY=".length);
}

let anonKey: Promise<string> | undefined;

/** `count` signed-in members `bench-<pool>-1…count@bench.example.com`, created when missing. */
export async function signedInMembers(sql: Sql, supabaseUrl: string, pool: Pool, count: number): Promise<Member[]> {
  anonKey ??= process.env.SUPABASE_ANON_KEY ? Promise.resolve(process.env.SUPABASE_ANON_KEY) : anonKeyOfLocalStack();
  const key = await anonKey;
  const email = (n: number) => `bench-${pool}-${n}@bench.example.com`;
  await sql`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
           'bench-' || ${pool} || '-' || n || '@bench.example.com', extensions.crypt('bench-password', extensions.gen_salt('bf', 4)),
           now(), '{"provider":"email","providers":["email"]}',
           jsonb_build_object('first_name', 'Bench', 'last_name', ${pool} || ' ' || n, 'adult_confirmed', true),
           now(), now()
    from generate_series(1, ${count}) n
    where not exists (select 1 from auth.users u where u.email = 'bench-' || ${pool} || '-' || n || '@bench.example.com')`;
  const members: Member[] = [];
  for (let start = 1; start <= count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start + 1) }, (_, i) => start + i);
    members.push(...await Promise.all(batch.map(async (n) => {
      const res = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
        method: "POST",
        // Each member is a client of its own: Auth limits sign-ins per client address.
        headers: { apikey: key, "content-type": "application/json", "x-forwarded-for": clientAddress(pool, n) },
        body: JSON.stringify({ email: email(n), password: "bench-password" }),
      });
      if (!res.ok) throw new Error(`sign-in of ${email(n)} failed: ${res.status} ${await res.text()}`);
      return { email: email(n), token: ((await res.json()) as { access_token: string }).access_token };
    })));
  }
  return members;
}

/** A private address of its own per pool and member. */
function clientAddress(pool: Pool, n: number): string {
  return `10.${pools.indexOf(pool) + 1}.${n >> 8}.${n & 255}`;
}

/** Deletes the comments bench members wrote, so repeated runs measure the same archive. */
export async function deleteBenchComments(sql: Sql): Promise<number> {
  const deleted = await sql`
    delete from public.comments c using auth.users u
    where c.author_id = u.id and u.email like 'bench-%@bench.example.com'`;
  return deleted.count;
}

/**
 * Deletes the votes bench members cast, so repeated runs measure the same
 * archive: left, they piled up run after run (1.0 million votes seeded, 1.43
 * million after some twenty runs). The deletes skip the vote triggers and
 * each post's and comment's counters are counted again once afterwards: one
 * trigger update per vote, all in one transaction, left a new version of the
 * same 2,000 posts for every vote, past what HOT updates can take, and took
 * more than 8 minutes for 450,000 votes.
 */
export async function deleteBenchVotes(sql: Sql): Promise<number> {
  const targets = [
    // A post's counters are beside its card.
    { votes: "public.post_votes", key: "post_id", counted: "private.post_cards", countedId: "post_id" },
    { votes: "public.comment_votes", key: "comment_id", counted: "public.comments", countedId: "id" },
  ];
  return await sql.begin(async (tx) => {
    let deleted = 0;
    for (const { votes, key, counted, countedId } of targets) {
      // Superuser only: the local stack's database owner, as the bench connects.
      await tx`set local session_replication_role = replica`;
      const [gone] = await tx<{ votes: number; ids: string[] }[]>`
        with gone as (
          delete from ${tx(votes)} v using auth.users u
          where v.user_id = u.id and u.email like 'bench-%@bench.example.com'
          returning ${tx("v." + key)} as id)
        select count(*)::int as votes, coalesce(array_agg(distinct id), '{}') as ids from gone`;
      await tx`set local session_replication_role = origin`;
      await tx`
        update ${tx(counted)} t set upvotes = c.up, downvotes = c.down
        from (select g.id, count(v.vote) filter (where v.vote = 1)::int as up, count(v.vote) filter (where v.vote = -1)::int as down
              from unnest(${gone.ids}::bigint[]) g (id)
              left join ${tx(votes)} v on ${tx("v." + key)} = g.id
              group by g.id) c
        where ${tx("t." + countedId)} = c.id and (t.upvotes, t.downvotes) is distinct from (c.up, c.down)`;
      // The vote trigger keeps the most_upvotes order as it counts; here it did not run.
      if (key === "post_id") {
        await tx`
          update private.post_scores s set score = k.upvotes - k.downvotes
          from private.post_cards k
          where k.post_id = s.post_id and s.post_id = any (${gone.ids}::bigint[]) and s.score <> k.upvotes - k.downvotes`;
      }
      deleted += gone.votes;
    }
    return deleted;
  });
}
