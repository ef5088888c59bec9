/**
 * One function instance holds at most DB_POOL_SIZE connections plus one for
 * LISTEN, so instances together stay within the database's connection limit:
 * visitors and members share one pool. Counted in
 * pg_stat_activity by the application name the function gives its connections.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMember, createMembers } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";

const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);

async function apiConnections(): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from pg_stat_activity where application_name like 'api%'`;
  return count;
}

describe("database connections", () => {
  it(`stay within DB_POOL_SIZE + 1 (${poolSize + 1}) under concurrent visitors and members`, async () => {
    const member = await createMember({ lastName: "connections" });
    let most = 0;
    let run = 0;
    // Reads that miss the read cache (a new address each), and writes, from both kinds of caller at once.
    const load = Array.from({ length: 3 * poolSize }, (_, i) => async () => {
      for (let n = 0; n < 5; n++) {
        const miss = `miss=${i}-${n}-${run++}`;
        const res = i % 2 === 0
          ? await api("GET", `/api/posts/all?${miss}`)
          : await api("GET", `/api/posts/all?${miss}`, { token: member.token });
        expect(res.status).toBe(200);
      }
    });
    const sampling = setInterval(() => {
      void apiConnections().then((count) => (most = Math.max(most, count)));
    }, 20);
    await Promise.all(load.map((work) => work()));
    clearInterval(sampling);
    most = Math.max(most, await apiConnections());
    console.log(`api connections: at most ${most} seen (DB_POOL_SIZE ${poolSize})`);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(poolSize + 1);
  });
});

describe("a member's transaction", () => {
  // A member's statements share one transaction (supabase/functions/_shared/db.ts):
  // whatever fails on the way, the connection must go back to the pool outside any transaction,
  // or the next request on it would run inside the failed one.
  it("leaves no connection inside a transaction when its statements fail", async () => {
    const [author, ...members] = await createMembers(2 * poolSize + 1);
    const postId = await createPost(author, { title: "Failing member transactions" });
    const pendingId = await createPost(author, { title: "Not public yet", status: "pending" });
    const failures = members.flatMap((member) => [
      // A failing statement (the vote), a comment on a post the member may not see (nothing inserted, a 404), a rule in a trigger (a blank comment).
      api("POST", `/api/posts/${pendingId}/vote`, { token: member.token, json: { voteType: "up" } }),
      api("POST", `/api/posts/${pendingId}/comments`, { token: member.token, json: { content: "Too early" } }),
      api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: " " } }),
    ]);
    const successes = members.map((member) => api("POST", `/api/posts/${postId}/vote`, { token: member.token, json: { voteType: "up" } }));
    const statuses = (await Promise.all(failures)).map((res) => res.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(2 * members.length);
    expect(statuses.filter((status) => status === 400)).toHaveLength(members.length);
    expect((await Promise.all(successes)).map((res) => res.status)).toEqual(members.map(() => 200));

    const [{ inTransaction }] = await sql<{ inTransaction: number }[]>`
      select count(*)::int as "inTransaction" from pg_stat_activity
      where application_name like 'api%' and state like 'idle in transaction%'`;
    expect(inTransaction).toBe(0);
    // Every vote counted, and a visitor afterwards reads as a visitor: the member's vote is not theirs.
    const visitor = await api("GET", `/api/posts/${postId}`);
    expect(visitor.body.post).toMatchObject({ upvotes: members.length, user_vote: "none" });
    const member = await api("GET", `/api/posts/${postId}`, { token: members[0].token });
    expect(member.body.post).toMatchObject({ upvotes: members.length, user_vote: "up" });
  });
});
