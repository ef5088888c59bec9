/**
 * One function instance holds at most DB_POOL_SIZE connections plus one for
 * LISTEN, so instances together stay within the database's connection limit:
 * visitors and members share one pool. Counted in
 * pg_stat_activity by the application name the function gives its connections.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMember, createMembers, validPostFields } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";
import { gate } from "../support/gate.ts";
import { pngImage } from "../support/media-fixtures.ts";
import { bytesStartingWith, sendStreamedForm } from "../support/streamed-form.ts";

const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);

/** The api function's connections, or those of them in `state`. */
async function apiConnections(state?: string): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from pg_stat_activity
    where application_name like 'api%' and (${state ?? null}::text is null or state = ${state ?? null})`;
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
  // A member's statements share one transaction (supabase/functions/api/db/lanes.ts):
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

describe("uploads from slow clients", () => {
  // A post's files stream to Storage between two short transactions, one that
  // checks the post and one that writes it with its files, so a client that
  // takes its time holds no connection meanwhile (supabase/functions/api/db/lanes.ts,
  // checkAsCaller). Twice as many slow clients as the pool has connections
  // must leave short work (reads, votes) every connection it needs.
  const slowClients = 2 * poolSize;
  it(`hold no connection while ${slowClients} clients are slow to send their files`, async () => {
    const [voter, ...uploaders] = await createMembers(slowClients + 1);
    const postId = await createPost(voter, { title: "Voted on while uploads wait" });
    const clientsGoOn = gate();
    const clientsPaused = uploaders.map(() => gate());
    const fields = Object.entries(validPostFields).map(([name, value]) => ({ text: [name, value] as [string, string] }));
    const uploads = uploaders.map((uploader, i) =>
      sendStreamedForm("POST", "/api/posts", uploader.token, [
        ...fields,
        { file: { name: "media", filename: `slow-${i}.png`, chunks: () => bytesStartingWith(pngImage(), 2 * 1024 * 1024) } },
      ], { pause: { afterBytes: 512 * 1024, until: clientsGoOn.opened, reached: clientsPaused[i].open } })
    );
    try {
      // Every client has sent its fields and a part of its file, and waits.
      await Promise.all(clientsPaused.map((paused) => paused.opened));
      // Other test files' members hold a transaction for a moment now and then; ours, paused, would hold theirs throughout.
      await expect.poll(() => apiConnections("idle in transaction"), { timeout: 10_000 }).toBe(0);

      const within = <T>(seconds: number, request: Promise<T>) =>
        Promise.race([request, new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), seconds * 1000))]);
      const [read, vote] = await Promise.all([
        within(5, api("GET", `/api/posts/all?miss=${Date.now()}`)),
        within(5, api("POST", `/api/posts/${postId}/vote`, { token: voter.token, json: { voteType: "up" } })),
      ]);
      expect(read === "no answer" ? read : read.status).toBe(200);
      expect(vote === "no answer" ? vote : vote.status).toBe(200);
    } finally {
      clientsGoOn.open();
    }
    // Once the clients go on, every upload ends, and each post has its file.
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.status), JSON.stringify(answers.filter((answer) => answer.status !== 201))).toEqual(uploaders.map(() => 201));
    const [{ withMedia }] = await sql<{ withMedia: number }[]>`
      select count(distinct p.id)::int as "withMedia" from public.posts p join public.post_media m on m.post_id = p.id
      where p.author_id = any(${uploaders.map((uploader) => uploader.id)}::uuid[])`;
    expect(withMedia).toBe(uploaders.length);
  });
});
