/**
 * Sources in the database: extraction is queued whenever a post's text
 * changes; visitors read only what readable posts cite; no API role writes
 * sources or touches the queue; the queue hands each job to one worker
 * (skip locked, leases), runs a changed subject again, and backs off.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { newPool, sql, type Tx } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

let admin: TestUser;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  [admin, author, other] = await Promise.all([createAdmin(), createMember(), createMember()]);
});

const rollback = Symbol("rollback");

/** `work` as the service role (the api function's jobs), rolled back. */
async function asServiceRole<T>(work: (tx: Tx) => Promise<T>, client = sql): Promise<T> {
  let result: T | undefined;
  await client.begin(async (tx) => {
    await tx`set local role service_role`;
    result = await work(tx);
    throw rollback;
  }).catch((error) => {
    if (error !== rollback) throw error;
  });
  return result as T;
}

/** `work` as the database owner inside a service-role transaction, which then goes on as the service role. */
async function asOwnerWithin(tx: Tx, work: () => Promise<unknown>): Promise<void> {
  await tx`reset role`;
  await work();
  await tx`set local role service_role`;
}

/** Claims the post's extraction job, moved (by the owner) ahead of every other due job. */
async function claimExtractionOf(tx: Tx, postId: number, worker: string) {
  await asOwnerWithin(tx, () => tx`update private.source_jobs set run_at = '2000-01-01', fair_at = '2000-01-01' where kind = 'extract' and post_id = ${postId}`);
  const [job] = await tx<{ id: string; post_id: string; generation: number }[]>`
    select id, post_id, generation from private.claim_source_jobs(${worker}, 1, 60)`;
  return job;
}

/**
 * A post written inside the test's transaction: its extraction job is seen by
 * no other session, so the stack's own sources job (every minute) cannot run
 * it before the test claims it.
 */
async function postWithin(tx: Tx): Promise<number> {
  let postId = 0;
  await asOwnerWithin(tx, async () => {
    const [row] = await tx<{ id: string }[]>`
      insert into public.posts (author_id, title, excerpt, content, status, created_at)
      values (${author.id}, 'A queued post', 'An excerpt.', 'Some content.', 'approved', now() - interval '1 day')
      returning id`;
    postId = Number(row.id);
  });
  return postId;
}

/** A post whose sources the owner wrote, as the extraction job would have. */
async function postCiting(status: "approved" | "pending", url: string): Promise<number> {
  const postId = await createPost(author, { status, citations: url });
  await sql`select private.replace_post_sources(${postId}, ${sql.json([{ url, host: new URL(url).hostname, place: "references", position: 0 }])})`;
  return postId;
}

const unique = (name: string) => `https://db-test.example/${name}/${Date.now()}-${Math.random().toString(36).slice(2)}`;

describe("extraction follows the post's text", () => {
  // In one transaction, rolled back: the stack's own worker (it drains the queue every minute) never sees the job to run it.
  it("is queued when a post is written, and again when its content or references change, not its title", async () => {
    await sql.begin(async (tx) => {
      const job = async (postId: number) =>
        (await tx<{ generation: number }[]>`select generation from private.source_jobs where kind = 'extract' and post_id = ${postId}`)[0];
      const [{ id }] = await tx<{ id: number }[]>`
        insert into public.posts (author_id, title, excerpt, content, citations, status)
        values (${author.id}, 'Queued', 'An excerpt.', 'Some content.', 'none yet', 'approved') returning id`;
      expect((await job(id))?.generation).toBe(1);
      await tx`update public.posts set title = 'Another title' where id = ${id}`;
      expect((await job(id)).generation).toBe(1);
      await tx`update public.posts set content = 'See https://new.example/page' where id = ${id}`;
      expect((await job(id)).generation).toBe(2);
      await tx`update public.posts set citations = 'https://ref.example/' where id = ${id}`;
      expect((await job(id)).generation).toBe(3);
      throw rollback;
    }).catch((error) => {
      if (error !== rollback) throw error;
    });
  });
});

describe("who reads sources", () => {
  it("visitors and other members see what approved posts cite; the author and admins also what a pending post cites", async () => {
    const [published, pending] = [unique("published"), unique("pending")];
    await postCiting("approved", published);
    const pendingPost = await postCiting("pending", pending);
    const visible = (caller: TestUser | null) =>
      asCaller(caller, async (tx) => (await tx<{ url: string }[]>`select url from public.sources where url in (${published}, ${pending})`).map((r) => r.url).sort());
    expect(await visible(null)).toEqual([published]);
    expect(await visible(other)).toEqual([published]);
    expect(await visible(author)).toEqual([published, pending].sort());
    expect(await visible(admin)).toEqual([published, pending].sort());
    const citations = await asCaller(null, (tx) => tx`select 1 from public.source_citations where post_id = ${pendingPost}`);
    expect(citations).toHaveLength(0);
  });

  it("no API role writes sources or citations, or reaches the queue", async () => {
    const [source] = await sql<{ id: number }[]>`select id::int from public.sources limit 1`;
    for (const caller of [null, author, admin]) {
      expect((await pgError(asCaller(caller, (tx) => tx`insert into public.sources (url, host) values ('https://x.example/', 'x.example')`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`update public.sources set state = 'dead' where id = ${source.id}`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`delete from public.source_citations`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`select * from private.source_jobs`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`select * from private.claim_source_jobs('intruder', 1, 60)`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`select private.record_source_check(${source.id}, 'dead', null, 2, now())`))).code).toBe("42501");
    }
  });
});

describe("what readers see of a source's checks", () => {
  type Listed = { state: string; consecutive_failures: number; next_check_at: string | null; checked_at: string | null };
  const listed = (postId: number) =>
    asCaller(null, async (tx) => (await tx<{ sources: Listed[] }[]>`select private.post_sources_json(${postId}) as sources`)[0].sources[0]);
  // The stack's own worker would check the source meanwhile: this test records the checks itself.
  const citedUnqueued = async (url: string) => {
    const postId = await postCiting("approved", url);
    await sql`delete from private.source_jobs where source_id = (select id from public.sources where url = ${url})`;
    return postId;
  };
  /** What the checker records (as the service role, committed). */
  const recordCheck = async (url: string, state: string, failures: number, nextCheck: string) => {
    const [source] = await sql<{ id: number }[]>`select id::int from public.sources where url = ${url}`;
    await sql.begin(async (tx) => {
      await tx`set local role service_role`;
      await tx`select private.record_source_check(${source.id}, ${state}::public.source_state, null, ${failures}, ${nextCheck}::timestamptz)`;
    });
  };

  it("a source that failed once says it was checked, failed, and when it is tried again; the second failure in a row makes it dead", async () => {
    const url = unique("failed-once");
    const postId = await citedUnqueued(url);
    expect(await listed(postId)).toMatchObject({ state: "unchecked", consecutive_failures: 0, checked_at: null });

    await recordCheck(url, "unchecked", 1, "2099-01-02 00:00Z");
    const once = await listed(postId);
    expect(once).toMatchObject({ state: "unchecked", consecutive_failures: 1 });
    expect(once.checked_at).not.toBeNull();
    expect(new Date(once.next_check_at!).toISOString()).toBe("2099-01-02T00:00:00.000Z");

    await recordCheck(url, "dead", 2, "2099-01-03 00:00Z");
    expect(await listed(postId)).toMatchObject({ state: "dead", consecutive_failures: 2 });
  });

  it("gives no next check for a source nothing checks any longer", async () => {
    const url = unique("parked");
    const postId = await citedUnqueued(url);
    await sql`update public.sources set next_check_at = 'infinity', consecutive_failures = 1 where url = ${url}`;
    expect(await listed(postId)).toMatchObject({ consecutive_failures: 1, next_check_at: null });
  });
});

describe("the queue", () => {
  it("hands each job to one of two workers claiming at once", async () => {
    await Promise.all(Array.from({ length: 8 }, () => createPost(author, { citations: null })));
    const second = newPool(1);
    try {
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstClaimed!: (ids: number[]) => void;
      const firstIds = new Promise<number[]>((resolve) => (firstClaimed = resolve));
      // The first worker claims and holds its rows while the second claims.
      const first = asServiceRole(async (tx) => {
        firstClaimed((await tx<{ id: string }[]>`select id from private.claim_source_jobs('first', 4, 60)`).map((r) => Number(r.id)));
        await firstHolds;
      });
      const claimedByFirst = await firstIds;
      const claimedBySecond = await asServiceRole(
        async (tx) => (await tx<{ id: string }[]>`select id from private.claim_source_jobs('second', 4, 60)`).map((r) => Number(r.id)),
        second,
      );
      releaseFirst();
      await first;
      expect(claimedByFirst.length).toBeGreaterThan(0);
      expect(claimedBySecond.length).toBeGreaterThan(0);
      expect(claimedBySecond.filter((id) => claimedByFirst.includes(id))).toEqual([]);
    } finally {
      await second.end();
    }
  });

  it("keeps a claimed job from everyone until its lease passes", async () => {
    await asServiceRole(async (tx) => {
      const postId = await postWithin(tx);
      const claimed = await claimExtractionOf(tx, postId, "first");
      expect(Number(claimed.post_id)).toBe(postId);
      const again = await tx<{ post_id: string }[]>`select post_id from private.claim_source_jobs('second', 50, 60)`;
      expect(again.map((r) => Number(r.post_id))).not.toContain(postId);
      await asOwnerWithin(tx, () => tx`update private.source_jobs set leased_until = now() - interval '1 second' where id = ${claimed.id}`);
      const [reclaimed] = await tx<{ post_id: string; leased_by: string }[]>`select post_id, leased_by from private.claim_source_jobs('second', 1, 60)`;
      expect([Number(reclaimed.post_id), reclaimed.leased_by]).toEqual([postId, "second"]);
    });
  });

  it("runs a job again when its subject changed while it ran, and backs off after a failure", async () => {
    await asServiceRole(async (tx) => {
      const postId = await postWithin(tx);
      const job = await claimExtractionOf(tx, postId, "worker");
      await asOwnerWithin(tx, () => tx`update public.posts set content = 'Changed while the job ran' where id = ${postId}`);
      await tx`select private.finish_source_job(${job.id}, 'worker', ${job.generation})`;
      await tx`reset role`;
      const [kept] = await tx<{ leased_by: string | null; generation: number }[]>`select leased_by, generation from private.source_jobs where id = ${job.id}`;
      expect(kept).toEqual({ leased_by: null, generation: job.generation + 1 });
      await tx`set local role service_role`;

      await claimExtractionOf(tx, postId, "worker");
      await tx`select private.retry_source_job(${job.id}, 'worker', 'HTTP 503', null, null)`;
      await tx`reset role`;
      const [retried] = await tx<{ wait: number; last_error: string }[]>`
        select extract(epoch from run_at - clock_timestamp())::int as wait, last_error from private.source_jobs where id = ${job.id}`;
      expect(retried.last_error).toBe("HTTP 503");
      expect(retried.wait).toBeGreaterThanOrEqual(25);
      expect(retried.wait).toBeLessThanOrEqual(30);
    });
  });
});
