/**
 * private.tag_counts: how many approved posts have each tag, kept by triggers
 * on private.post_scores as posts are published, retagged, withdrawn and
 * deleted, so the tag index (private.tag_index) reads no post. It must always
 * equal the count over the approved posts themselves, and a vote must not
 * touch it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createMember, pgError } from "../support/callers.ts";

const run = `tc${Date.now().toString(36)}`;
let author: TestUser;
let voter: TestUser;

beforeAll(async () => {
  [author, voter] = await Promise.all([createMember(), createMember()]);
});

/** Whether the kept counts equal a count over the approved posts, read in one statement (one snapshot). */
async function countsAreExact(): Promise<boolean> {
  const [row] = await sql<{ exact: boolean }[]>`
    select coalesce((select jsonb_object_agg(t.tag, t.n) from (
                       select u.tag, count(*) as n from public.posts p cross join lateral unnest(p.tags) as u (tag)
                       where p.status = 'approved' group by u.tag) t), '{}')
         = coalesce((select jsonb_object_agg(c.tag, c.post_count) from private.tag_counts c), '{}') as exact`;
  return row.exact;
}

const countOf = async (tag: string) =>
  (await sql<{ post_count: number }[]>`select post_count from private.tag_counts where tag = ${tag}`)[0]?.post_count ?? 0;

describe("private.tag_counts", () => {
  it("counts approved posts only, through publishing, retagging, withdrawing and deleting", async () => {
    const a = `${run}-a`;
    const b = `${run}-b`;
    const first = await createPost(author, { tags: [a, b] });
    const second = await createPost(author, { tags: [a], status: "pending" });
    expect([await countOf(a), await countOf(b)]).toEqual([1, 1]);

    await sql`update public.posts set status = 'approved' where id = ${second}`;
    expect(await countOf(a)).toBe(2);
    await sql`update public.posts set tags = array[${b}] where id = ${second}`;
    expect([await countOf(a), await countOf(b)]).toEqual([1, 2]);
    await sql`update public.posts set status = 'rejected' where id = ${first}`;
    expect([await countOf(a), await countOf(b)]).toEqual([0, 1]);
    // A tag no published post has is gone, not kept at 0.
    expect(await sql`select 1 from private.tag_counts where tag = ${a}`).toHaveLength(0);
    await sql`delete from public.posts where id = ${second}`;
    expect(await countOf(b)).toBe(0);
    expect(await countsAreExact()).toBe(true);
  });

  it("counts a statement's many posts at once, as a bulk load (scripts/seed-large.sql) writes them", async () => {
    const bulk = `${run}-bulk`;
    await sql.begin(async (tx) => {
      // Posts without their triggers, then their cards and scores in bulk, as the large seed does.
      await tx`set local session_replication_role = replica`;
      await tx`
        insert into public.posts (author_id, title, excerpt, content, tags, status)
        select ${author.id}, 'Bulk ' || g, 'Excerpt', 'Content', array[${bulk}, ${bulk} || '-' || (g % 2)], 'approved'
        from generate_series(1, 25) g`;
      await tx`set local session_replication_role = origin`;
      await tx`select private.refresh_post_cards(array(select id from public.posts where ${bulk} = any (tags)))`;
      await tx`insert into private.post_scores (post_id, score, tags) select id, 0, tags from public.posts where ${bulk} = any (tags)`;
    });
    expect([await countOf(bulk), await countOf(`${bulk}-0`), await countOf(`${bulk}-1`)]).toEqual([25, 12, 13]);
    expect(await countsAreExact()).toBe(true);
    await sql`delete from public.posts where ${bulk} = any (tags)`;
    expect(await countOf(bulk)).toBe(0);
    expect(await countsAreExact()).toBe(true);
  });

  it("is left alone by a vote", async () => {
    const tag = `${run}-vote`;
    const postId = await createPost(author, { tags: [tag] });
    const [before] = await sql<{ version: string }[]>`select xmin::text as version from private.tag_counts where tag = ${tag}`;
    await asCaller(voter, (tx) => tx`select private.cast_post_vote(${postId}::bigint, 'up')`, { commit: true });
    const [after] = await sql<{ version: string }[]>`select xmin::text as version from private.tag_counts where tag = ${tag}`;
    expect(after.version).toBe(before.version);
  });

  it("is read by visitors only through private.tag_index, which lists it most used first", async () => {
    const tag = `${run}-index`;
    await createPost(author, { tags: [tag] });
    await createPost(author, { tags: [tag] });
    const index = await asCaller(null, async (tx) => JSON.parse((await tx<{ tags: string }[]>`select private.tag_index() as tags`)[0].tags));
    expect(index).toContainEqual({ tag, count: 2 });
    const counts = (index as { count: number }[]).map((entry) => entry.count);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
    expect((await pgError(asCaller(null, (tx) => tx`select * from private.tag_counts`))).code).toBe("42501");
  });
});
