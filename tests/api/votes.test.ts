import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createMember, createMembers, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let voter: SignedInUser;
let postId: number;
let pendingId: number;

beforeAll(async () => {
  [author, voter] = await Promise.all([createMember({ lastName: "vote-author" }), createMember({ lastName: "voter" })]);
  postId = await createPost(author, { title: "Vote on me" });
  pendingId = await createPost(author, { title: "Not yet public", status: "pending" });
});

async function postCounts(id: number) {
  const res = await api("GET", `/api/posts/${id}`, { token: voter.token });
  return { upvotes: res.body.post.upvotes, downvotes: res.body.post.downvotes, user_vote: res.body.post.user_vote };
}

describe("POST /api/posts/{id}/vote", () => {
  it("asks a visitor to sign in", async () => {
    const res = await api("POST", `/api/posts/${postId}/vote`, { json: { voteType: "up" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Please sign in to vote.");
  });

  it("refuses an unknown vote type", async () => {
    const res = await api("POST", `/api/posts/${postId}/vote`, { token: voter.token, json: { voteType: "sideways" } });
    expect(res.status).toBe(400);
  });

  it("moves between up, down and none, one row per user", async () => {
    expect((await api("POST", `/api/posts/${postId}/vote`, { token: voter.token, json: { voteType: "up" } })).status).toBe(200);
    expect(await postCounts(postId)).toEqual({ upvotes: 1, downvotes: 0, user_vote: "up" });
    await api("POST", `/api/posts/${postId}/vote`, { token: voter.token, json: { voteType: "down" } });
    expect(await postCounts(postId)).toEqual({ upvotes: 0, downvotes: 1, user_vote: "down" });
    await api("POST", `/api/posts/${postId}/vote`, { token: voter.token, json: { voteType: "none" } });
    expect(await postCounts(postId)).toEqual({ upvotes: 0, downvotes: 0, user_vote: "none" });
    const [{ count }] = await sql`select count(*)::int as count from public.post_votes where post_id = ${postId}`;
    expect(count).toBe(0);
  });

  it("answers 404 for a post the voter may not see", async () => {
    const res = await api("POST", `/api/posts/${pendingId}/vote`, { token: voter.token, json: { voteType: "up" } });
    expect(res.status).toBe(404);
  });

  it("keeps counters exact under many parallel votes", async () => {
    const target = await createPost(author, { title: "Crowded" });
    const voters = await createMembers(24);
    const results = await Promise.all(
      voters.map((user, i) =>
        api("POST", `/api/posts/${target}/vote`, { token: user.token, json: { voteType: i % 3 === 0 ? "down" : "up" } })),
    );
    expect(results.map((res) => res.status)).toEqual(voters.map(() => 200));
    // Half of the up-voters change their mind at the same time.
    await Promise.all(
      voters.filter((_, i) => i % 3 !== 0 && i % 2 === 0).map((user) =>
        api("POST", `/api/posts/${target}/vote`, { token: user.token, json: { voteType: "none" } })),
    );
    const [row] = await sql`
      select k.upvotes, k.downvotes,
             (select count(*)::int from public.post_votes v where v.post_id = k.post_id and v.vote = 1) as ups,
             (select count(*)::int from public.post_votes v where v.post_id = k.post_id and v.vote = -1) as downs
      from private.post_cards k where k.post_id = ${target}`;
    expect(row.upvotes).toBe(row.ups);
    expect(row.downvotes).toBe(row.downs);
    expect(row.downvotes).toBe(8);
    expect(row.upvotes).toBe(8);
  });

  it("counts each change once: 30 changes a minute, then 429", async () => {
    const hasty = await createMember({ lastName: "hasty" });
    // Alternating up and down: each is an upsert that changes the vote (an insert, then updates).
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api("POST", `/api/posts/${postId}/vote`, { token: hasty.token, json: { voteType: i % 2 ? "down" : "up" } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await api("POST", `/api/posts/${postId}/vote`, { token: hasty.token, json: { voteType: "none" } });
    expect(refused).toMatchObject({ status: 429, body: { error: "Please wait before voting again." } });
  });
});

describe("POST /api/comments/{id}/vote", () => {
  it("counts comment votes with the same toggle semantics", async () => {
    const id = await createComment(author, postId, { content: "Vote this" });
    const up = await api("POST", `/api/comments/${id}/vote`, { token: voter.token, json: { voteType: "up" } });
    expect(up.status).toBe(200);
    const list = await api("GET", `/api/posts/${postId}/comments`, { token: voter.token });
    expect(list.body.comments.find((c: { id: number }) => c.id === id)).toMatchObject({ upvotes: 1, downvotes: 0, user_vote: "up" });
    await api("POST", `/api/comments/${id}/vote`, { token: voter.token, json: { voteType: "none" } });
    const after = await api("GET", `/api/posts/${postId}/comments`, { token: voter.token });
    expect(after.body.comments.find((c: { id: number }) => c.id === id)).toMatchObject({ upvotes: 0, user_vote: "none" });
    expect((await api("POST", `/api/comments/${id}/vote`, { json: { voteType: "up" } })).status).toBe(401);
  });
});
