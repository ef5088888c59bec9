/**
 * One unreviewed post cannot flood the sources queue: a
 * post cites at most 100 links, however it is written; a pending post's
 * sources are checked but reach Save Page Now only once it is published; one
 * member's many jobs take turns with everyone else's; and a source nothing
 * published or pending cites any longer is neither checked nor captured.
 *
 * The queue's steps run in transactions that are rolled back, so the stack's
 * own worker (it drains the queue every minute) never sees their jobs;
 * `atCommit` runs what commit would (the deferred triggers) before looking.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, claimsFor, createAdmin, createMember, pgError, type Caller } from "../support/callers.ts";

let admin: TestUser;
let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  [admin, author, other] = await Promise.all([createAdmin(), createMember(), createMember()]);
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** `count` distinct links of this run, short enough for 3,159 of them to fit in a post's content. */
const links = (count: number, name = "l") => Array.from({ length: count }, (_, i) => `https://${name}${run}.example/${i}`);
const refused = (count: number) => ({
  code: "PT400",
  message: `A post can cite at most 100 links (references and content together); this one cites ${count}.`,
});

const rollback = Symbol("rollback");

/** `work` in one transaction of the database owner, rolled back. */
async function rolledBack(work: (tx: Tx) => Promise<void>): Promise<void> {
  await sql.begin(async (tx) => {
    await work(tx);
    throw rollback;
  }).catch((error) => {
    if (error !== rollback) throw error;
  });
}

/** Within the owner's transaction: `work` as `who` (a caller with their claims, or the jobs' service role), then the owner again. */
async function as<T>(tx: Tx, who: Caller | "service_role", work: () => Promise<T>): Promise<T> {
  if (who === "service_role") await tx`set local role service_role`;
  else {
    await tx`select set_config('role', ${who ? "authenticated" : "anon"}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(claimsFor(who))}, true)`;
  }
  try {
    return await work();
  } finally {
    await tx`reset role`;
    await tx`select set_config('request.jwt.claims', '', true)`;
  }
}

/** What commit runs: the deferred triggers (a removed citation's source retired), then deferred again. */
async function atCommit(tx: Tx): Promise<void> {
  await tx`set constraints all immediate`;
  await tx`set constraints all deferred`;
}

/** A post by `writer` in `status` whose references cite `urls`, written by the owner (as the seed writes one). */
async function postCiting(tx: Tx, writer: TestUser, status: "pending" | "approved", urls: string[]): Promise<number> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.posts (author_id, title, excerpt, content, citations, status)
    values (${writer.id}, 'Cites links', 'An excerpt.', 'Some content.', ${urls.join("\n") || null}, ${status}) returning id`;
  return Number(row.id);
}

/** The extraction job's write (private.replace_post_sources), as the service role. */
async function extract(tx: Tx, postId: number, urls: string[]): Promise<void> {
  const cited = urls.map((url, position) => ({ url, host: new URL(url).hostname, place: "references", position }));
  await as(tx, "service_role", () => tx`select private.replace_post_sources(${postId}, ${tx.json(cited)})`);
}

/** The kinds of the jobs queued for the source at `url`, and whether it is scheduled (a finite next check). */
async function queued(tx: Tx, url: string): Promise<{ jobs: string[]; scheduled: boolean }> {
  const [row] = await tx<{ jobs: string[]; scheduled: boolean }[]>`
    select coalesce(array_agg(j.kind order by j.kind) filter (where j.id is not null), '{}') as jobs,
           isfinite(s.next_check_at) as scheduled
      from public.sources s left join private.source_jobs j on j.source_id = s.id
     where s.url = ${url} group by s.id`;
  return row;
}

describe("a post cites at most 100 links", () => {
  it("refuses more, however the post is written: inserted directly as its author, or through private.create_post", async () => {
    // The attack's 3,159 links, in the references and the content.
    const attack = links(3159, "f");
    expect(await pgError(asCaller(author, (tx) => tx`
      insert into public.posts (author_id, title, excerpt, citations, content)
      values (${author.id}, 'Flood', 'An excerpt.', ${attack.slice(0, 500).join("\n")}, ${attack.slice(500).join(" ")})`))).toEqual(refused(3159));

    const [references, content] = [links(60, "r"), links(41, "c")];
    const post = { title: "Too many", excerpt: "An excerpt.", citations: references.join("\n"), content: content.map((url) => `[a](${url})`).join(", ") };
    expect(await pgError(asCaller(author, (tx) => tx`select private.create_post(${tx.json(post)})`))).toEqual(refused(101));
    expect(await asCaller(author, async (tx) => (await tx`select private.create_post(${tx.json({ ...post, citations: references.slice(1).join("\n") })})`).length)).toBe(1);
  });

  it("counts each link once: repeated, in other case, with a fragment, a default port or tracking parameters, or ending a sentence", async () => {
    const distinct = links(100, "d");
    const spellings = distinct.flatMap((url) => {
      const { host, pathname } = new URL(url);
      return [url, `HTTPS://${host.toUpperCase()}${pathname}#part`, `https://${host}:443${pathname}?utm_source=feed&fbclid=x`, `(see ${url}).`];
    });
    const post = { title: "Many spellings", excerpt: "An excerpt.", content: spellings.join(" ") };
    expect(await asCaller(author, async (tx) => (await tx`select private.create_post(${tx.json(post)})`).length)).toBe(1);
    const oneMore = { ...post, citations: `https://${links(1, "extra")[0].slice(8)}?page=2` };
    expect(await pgError(asCaller(author, (tx) => tx`select private.create_post(${tx.json(oneMore)})`))).toEqual(refused(101));
  });

  it("refuses an edit that would cite more: its author's while it waits, an admin's, an edit suggestion", async () => {
    const [pending, published] = [await createPost(author, { status: "pending" }), await createPost(author)];
    const edit = (caller: TestUser, postId: number, fields: Record<string, string>) =>
      asCaller(caller, (tx) => tx`select private.update_post(${postId}, ${tx.json(fields)}, null, '[]'::jsonb)`);

    // The references and the content together: 51 and 50.
    const [references, content] = [links(51, "q").join("\n"), links(50, "p").join(" ")];
    expect(await pgError(edit(author, pending, { citations: references, content }))).toEqual(refused(101));
    expect(await edit(author, pending, { citations: references.slice(references.indexOf("\n") + 1), content })).toHaveLength(1);
    expect(await pgError(edit(admin, published, { content: links(101, "a").join(" ") }))).toEqual(refused(101));
    expect(await pgError(asCaller(other, (tx) => tx`
      insert into public.edit_suggestions (post_id, user_id, summary, changes)
      values (${published}, ${other.id}, 'More links', ${tx.json({ citations: links(101, "s").join("\n") })})`))).toEqual(refused(101));
  });

  it("registers at most 100 sources for a post, whatever the extraction sends", async () => {
    await rolledBack(async (tx) => {
      const urls = links(150, "x");
      const postId = await postCiting(tx, author, "approved", urls.slice(0, 100));
      await extract(tx, postId, urls);
      const [row] = await tx<{ n: number; last: string }[]>`
        select count(distinct c.source_id)::int as n, max(c.position)::int as last from public.source_citations c where c.post_id = ${postId}`;
      expect(row).toEqual({ n: 100, last: 99 });
      expect((await tx`select 1 from public.sources where url = ${urls[100]}`)).toHaveLength(0);
    });
  });
});

describe("a pending post's sources", () => {
  it("are checked at once, and captured only once the post is approved", async () => {
    await rolledBack(async (tx) => {
      const [fresh, archived] = links(2, "pending");
      await tx`insert into public.sources (url, host, archived_url, archived_at, next_check_at)
               values (${archived}, ${new URL(archived).hostname}, ${"https://web.archive.org/web/20260101000000/" + archived}, now(), now() + interval '1 day')`;
      const postId = await postCiting(tx, author, "pending", [fresh, archived]);
      await extract(tx, postId, [fresh, archived]);
      expect(await queued(tx, fresh)).toEqual({ jobs: ["check"], scheduled: true });
      expect(await queued(tx, archived)).toEqual({ jobs: [], scheduled: true });

      await as(tx, admin, () => tx`select private.approve_post(${postId})`);
      expect(await queued(tx, fresh)).toEqual({ jobs: ["check", "preserve"], scheduled: true });
      // A source with a capture already gets none requested.
      expect(await queued(tx, archived)).toEqual({ jobs: [], scheduled: true });
    });
  });
});

describe("a source nothing published or pending cites any longer", () => {
  it("loses its checks and captures when its post is rejected, unless a published post cites it too", async () => {
    await rolledBack(async (tx) => {
      const [own, shared] = links(2, "rejected");
      const pendingId = await postCiting(tx, author, "pending", [own, shared]);
      const publishedId = await postCiting(tx, other, "approved", [shared]);
      await extract(tx, pendingId, [own, shared]);
      await extract(tx, publishedId, [shared]);
      expect(await queued(tx, own)).toEqual({ jobs: ["check"], scheduled: true });

      await as(tx, admin, () => tx`select private.reject_post(${pendingId})`);
      await atCommit(tx);
      expect(await queued(tx, own)).toEqual({ jobs: [], scheduled: false });
      expect(await queued(tx, shared)).toEqual({ jobs: ["check", "preserve"], scheduled: true });
    });
  });

  it("loses them when its post is withdrawn or deleted; a capture waits while only a pending post cites it", async () => {
    await rolledBack(async (tx) => {
      const [withdrawn, deleted, stillPending] = links(3, "gone");
      const pendingId = await postCiting(tx, author, "pending", [withdrawn]);
      const publishedId = await postCiting(tx, other, "approved", [deleted, stillPending]);
      const waitingId = await postCiting(tx, other, "pending", [stillPending]);
      await extract(tx, pendingId, [withdrawn]);
      await extract(tx, publishedId, [deleted, stillPending]);
      await extract(tx, waitingId, [stillPending]);
      expect(await queued(tx, deleted)).toEqual({ jobs: ["check", "preserve"], scheduled: true });

      await as(tx, author, () => tx`select private.delete_post(${pendingId})`);
      await as(tx, admin, () => tx`select private.delete_post(${publishedId})`);
      await atCommit(tx);
      expect(await queued(tx, withdrawn)).toEqual({ jobs: [], scheduled: false });
      expect(await queued(tx, deleted)).toEqual({ jobs: [], scheduled: false });
      expect(await queued(tx, stillPending)).toEqual({ jobs: ["check"], scheduled: true });
    });
  });

  it("loses them when an edit stops citing it, and the schedule passes it over until a post cites it again", async () => {
    await rolledBack(async (tx) => {
      const [dropped, kept] = links(2, "edited");
      const postId = await postCiting(tx, author, "pending", [dropped, kept]);
      await extract(tx, postId, [dropped, kept]);
      // The author's edit, then its extraction.
      await tx`update public.posts set citations = ${kept} where id = ${postId}`;
      await extract(tx, postId, [kept]);
      await atCommit(tx);
      expect(await queued(tx, dropped)).toEqual({ jobs: [], scheduled: false });
      expect(await queued(tx, kept)).toEqual({ jobs: ["check"], scheduled: true });

      // Due (a check that was under way set its next one): the schedule queues nothing for it, and parks it again.
      await tx`update public.sources set next_check_at = '2000-01-01' where url = ${dropped}`;
      await as(tx, "service_role", () => tx`select private.enqueue_due_source_checks(500)`);
      expect(await queued(tx, dropped)).toEqual({ jobs: [], scheduled: false });

      const citedAgain = await postCiting(tx, other, "pending", [dropped]);
      await extract(tx, citedAgain, [dropped]);
      expect(await queued(tx, dropped)).toEqual({ jobs: ["check"], scheduled: true });
    });
  });
});

describe("the queue's fair share", () => {
  it("hands out one member's hundred jobs in turn with another member's, whatever came first, across the member's posts", async () => {
    const [flooder, latecomer] = await Promise.all([createMember(), createMember()]);
    await rolledBack(async (tx) => {
      const urls = links(100, "fair");
      const flood = await postCiting(tx, flooder, "pending", urls);
      await extract(tx, flood, urls);
      const late = await postCiting(tx, latecomer, "pending", []);
      const floodAgain = await postCiting(tx, flooder, "pending", []);
      const floodSources = (await tx<{ id: string }[]>`select id from public.sources where url = any(${urls})`).map((row) => Number(row.id));

      // Every job of this test a century earlier, each as far: their order among themselves is the queue's, and
      // the claims below take them before any other file's (whose jobs this transaction would hold until it ends).
      await tx`update private.source_jobs set run_at = run_at - interval '100 years', fair_at = fair_at - interval '100 years'
               where post_id in (${flood}, ${late}, ${floodAgain}) or source_id = any(${floodSources})`;
      // Claimed one at a time, as each of the drain's lanes claims.
      const order: string[] = [];
      await as(tx, "service_role", async () => {
        for (let i = 0; i < 200 && !order.includes("flooder's second post"); i++) {
          const [job] = await tx<{ post_id: string | null; source_id: string | null }[]>`
            select post_id, source_id from private.claim_source_jobs('fair-share-test', 1, 60)`;
          if (!job) break;
          if (Number(job.post_id) === late) order.push("late");
          else if (Number(job.post_id) === floodAgain) order.push("flooder's second post");
          else if (Number(job.post_id) === flood || floodSources.includes(Number(job.source_id))) order.push("flood");
        }
      });
      // The flood's extraction came first, at the same turn as the latecomer's; the flood's hundred checks waited,
      // and the flooder's next post after them: the turns are the member's, not the post's.
      expect(order).toEqual(["flood", "late", ...Array(100).fill("flood"), "flooder's second post"]);
    });
  });
});
