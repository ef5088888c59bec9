import { describe, expect, it } from "vitest";
import { newPool, sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, createMembers, pgError } from "../support/callers.ts";

async function counters(postId: number) {
  const [row] = await sql<{ upvotes: number; downvotes: number }[]>`select upvotes, downvotes from private.post_cards where post_id = ${postId}`;
  return row;
}

async function counted(postId: number) {
  const [row] = await sql<{ up: number; down: number }[]>`
    select count(*) filter (where vote = 1)::int as up, count(*) filter (where vote = -1)::int as down
    from public.post_votes where post_id = ${postId}`;
  return { upvotes: row.up, downvotes: row.down };
}

describe("counters under concurrent votes", () => {
  it("stay exact with 50 users voting at once on separate connections", async () => {
    const author = await createMember();
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    const voters = await createMembers(50);
    const client = newPool(50);
    try {
      // Round 1: everyone votes at once, 35 up and 15 down, on the post and the comment.
      await Promise.all(voters.map((voter, i) =>
        asCaller(voter, async (tx) => {
          await tx`select pg_sleep(0.01)`;
          await tx`select private.cast_post_vote(${postId}, ${i < 35 ? "up" : "down"})`;
          await tx`select private.cast_comment_vote(${commentId}, ${i < 35 ? "up" : "down"})`;
        }, { commit: true, client })));
      expect(await counters(postId)).toEqual({ upvotes: 35, downvotes: 15 });

      // Round 2: at once, 10 switch up -> down, 10 remove their up vote, 5 remove a down vote, the rest repeat theirs.
      await Promise.all(voters.map((voter, i) => {
        const vote = i < 10 ? "down" : i < 20 ? "none" : i < 35 ? "up" : i < 40 ? "none" : "down";
        return asCaller(voter, (tx) => tx`select private.cast_post_vote(${postId}, ${vote})`, { commit: true, client });
      }));
      // up: 15 (20..34), down: 10 (0..9) + 10 (40..49)
      expect(await counters(postId)).toEqual({ upvotes: 15, downvotes: 20 });
      expect(await counters(postId)).toEqual(await counted(postId));

      const [comment] = await sql`select upvotes, downvotes from public.comments where id = ${commentId}`;
      expect(comment).toEqual({ upvotes: 35, downvotes: 15 });
    } finally {
      await client.end({ timeout: 5 });
    }
  });
});

describe("vote semantics", () => {
  it("up, up again, down, none: one row per user and counters follow", async () => {
    const [author, voter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    await asCaller(voter, async (tx) => {
      const cast = async (vote: string) => (await tx`select private.cast_post_vote(${postId}, ${vote}) as r`)[0].r;
      expect(await cast("up")).toEqual({ upvotes: 1, downvotes: 0, user_vote: "up" });
      expect(await cast("up")).toEqual({ upvotes: 1, downvotes: 0, user_vote: "up" });
      expect(await cast("down")).toEqual({ upvotes: 0, downvotes: 1, user_vote: "down" });
      expect((await tx`select count(*)::int as n from public.post_votes where post_id = ${postId}`)[0].n).toBe(1);
      expect(await cast("none")).toEqual({ upvotes: 0, downvotes: 0, user_vote: "none" });
      expect(await cast("none")).toEqual({ upvotes: 0, downvotes: 0, user_vote: "none" });
    });
  });

  it("rejects unknown vote types, missing targets and visitors with clear errors", async () => {
    const [author, voter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    const pending = await createPost(author, { status: "pending" });
    expect(await pgError(asCaller(voter, (tx) => tx`select private.cast_post_vote(${postId}, 'sideways')`)))
      .toEqual({ code: "PT400", message: "voteType must be up, down or none." });
    expect(await pgError(asCaller(voter, (tx) => tx`select private.cast_post_vote(${pending}, 'up')`)))
      .toEqual({ code: "PT404", message: "Post not found." });
    expect(await pgError(asCaller(author, (tx) => tx`select private.cast_post_vote(${pending}, 'up')`)))
      .toEqual({ code: "PT404", message: "Post not found." });
    expect(await pgError(asCaller(voter, (tx) => tx`select private.cast_comment_vote(${-1}, 'up')`)))
      .toEqual({ code: "PT404", message: "Comment not found." });
    expect(await pgError(asCaller(null, (tx) => tx`select private.cast_post_vote(${postId}, 'up')`)))
      .toEqual({ code: "PT401", message: "Please sign in to vote." });
  });

  it("counters cannot be written by users, not even by admins directly", async () => {
    const admin = await createAdmin();
    const postId = await createPost(admin, { status: "pending" });
    // The counters are beside the post's card, in a table no API role may read or write.
    for (const statement of [
      "update private.post_cards set upvotes = 1000, comment_count = 5",
      "select upvotes from private.post_cards",
      "update private.post_scores set score = 1000",
    ]) {
      expect(await pgError(asCaller(admin, (tx) => tx.unsafe(`${statement} where post_id = ${postId}`))), statement)
        .toMatchObject({ code: "42501" });
    }
    // Nor the post's own row: no API role updates posts directly.
    expect(await pgError(asCaller(admin, (tx) => tx`update public.posts set title = 'Retitled' where id = ${postId}`)))
      .toMatchObject({ code: "42501" });
    expect(await counters(postId)).toEqual({ upvotes: 0, downvotes: 0 });
  });

  it("rate-limits vote changes: 30 a minute, then PT429", async () => {
    const [author, voter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    const error = await pgError(asCaller(voter, async (tx) => {
      for (let i = 0; i < 30; i++) {
        await tx`select private.cast_post_vote(${postId}, ${i % 2 ? "down" : "up"})`;
      }
      await tx`select private.cast_post_vote(${postId}, 'none')`;
    }));
    expect(error).toEqual({ code: "PT429", message: "Please wait before voting again." });
  });

  it("deleting a post with many votes is not slowed down by the voters' rate limits", async () => {
    const admin = await createAdmin();
    const postId = await createPost(admin);
    const voters = await createMembers(35);
    await sql`insert into public.post_votes (post_id, user_id, vote) select ${postId}, unnest(${voters.map((v) => v.id)}::uuid[]), 1`;
    await asCaller(admin, async (tx) => {
      await tx`select private.cast_post_vote(${postId}, 'down')`;
      await tx`select private.delete_post(${postId})`;
      expect(await tx`select 1 from public.post_votes where post_id = ${postId}`).toHaveLength(0);
    });
  });
});
