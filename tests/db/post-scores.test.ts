/**
 * A post's counters live beside its card (private.post_cards), and the
 * most_upvotes order (and the tags its filter reads) in private.post_scores,
 * kept by the vote trigger and a trigger on posts: a vote never writes the
 * post's row, and its counters' row is a HOT update. The scores must follow
 * every vote, approval, edit and deletion exactly, hold approved posts only,
 * and stay out of reach of the API roles.
 */
import { describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember } from "../support/callers.ts";

async function scoreOf(postId: number): Promise<number | null> {
  const [row] = await sql<{ score: number }[]>`select score from private.post_scores where post_id = ${postId}`;
  return row ? row.score : null;
}

describe("private.post_scores", () => {
  it("follows votes, approval, edits and deletion, for approved posts only", async () => {
    const [author, first, second, admin] = await Promise.all([createMember(), createMember(), createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    expect(await scoreOf(postId)).toBeNull();

    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    expect(await scoreOf(postId)).toBe(0);

    await asCaller(first, (tx) => tx`select private.cast_post_vote(${postId}, 'up')`, { commit: true });
    await asCaller(second, (tx) => tx`select private.cast_post_vote(${postId}, 'up')`, { commit: true });
    expect(await scoreOf(postId)).toBe(2);
    await asCaller(second, (tx) => tx`select private.cast_post_vote(${postId}, 'down')`, { commit: true });
    expect(await scoreOf(postId)).toBe(0);
    await asCaller(first, (tx) => tx`select private.cast_post_vote(${postId}, 'none')`, { commit: true });
    expect(await scoreOf(postId)).toBe(-1);

    // An admin's edit of the tags reaches the tag filter by score.
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, ${tx.json({ tags: "scored, edited" })}, '{}'::text[], '[]'::jsonb)`, {
      commit: true,
    });
    const [tagged] = await sql<{ tags: string[] }[]>`select tags from private.post_scores where post_id = ${postId}`;
    expect(tagged.tags).toEqual(["scored", "edited"]);

    const rejected = await createPost(author, { status: "pending" });
    await asCaller(admin, (tx) => tx`select private.reject_post(${rejected}, 'Off topic')`, { commit: true });
    expect(await scoreOf(rejected)).toBeNull();

    await asCaller(admin, (tx) => tx`select private.delete_post(${postId})`, { commit: true });
    expect(await scoreOf(postId)).toBeNull();

    // Every approved post has its score, and nothing else has one.
    const [drift] = await sql<{ wrong: number }[]>`
      select count(*)::int as wrong
      from public.posts p
      join private.post_cards k on k.post_id = p.id
      full join private.post_scores s on s.post_id = p.id
      where (p.status = 'approved') is distinct from (s.post_id is not null)
         or s.score <> k.upvotes - k.downvotes
         or s.tags <> p.tags`;
    expect(drift.wrong).toBe(0);
  });

  it("lets a vote leave its post's row alone and update its counters without a new index entry (a HOT update)", async () => {
    const [author, voter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    // The backend's counts not yet sent to the statistics, before and after the vote.
    const counts = (tx: Tx) => tx<{ posts: number; updated: number; hot: number }[]>`
      select pg_stat_get_xact_tuples_updated('public.posts'::regclass)::int as posts,
             pg_stat_get_xact_tuples_updated('private.post_cards'::regclass)::int as updated,
             pg_stat_get_xact_tuples_hot_updated('private.post_cards'::regclass)::int as hot`;
    const [before, after] = await asCaller(voter, async (tx) => {
      const [start] = await counts(tx);
      await tx`select private.cast_post_vote(${postId}, 'up')`;
      const [end] = await counts(tx);
      return [start, end];
    });
    expect({ posts: after.posts - before.posts, updated: after.updated - before.updated, hot: after.hot - before.hot })
      .toEqual({ posts: 0, updated: 1, hot: 1 });
  });

  it("is not readable by visitors or members", async () => {
    const member = await createMember();
    for (const caller of [null, member]) {
      await expect(asCaller(caller, (tx) => tx`select * from private.post_scores limit 1`)).rejects.toMatchObject({ code: "42501" });
    }
  });
});
