/**
 * Every statement the api function runs has the time limit hosted Supabase
 * gives the caller's role: 3 s for a visitor's session (a vote runs on one),
 * 8 s in a member's transaction (supabase/functions/api/db/lanes.ts). Past
 * it, the statement is cancelled, nothing is changed, and the caller gets a
 * 503 to retry, rather than a request (and one of the function's few places
 * to run statements) held for as long as a lock is.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMembers } from "../support/api.ts";
import { createPost } from "../support/fixtures.ts";
import { gate } from "../support/gate.ts";

const unavailable = "The archive is briefly unavailable. Please try again in a moment.";

async function timed<T>(request: Promise<T>): Promise<{ answer: T; seconds: number }> {
  const started = performance.now();
  const answer = await request;
  return { answer, seconds: (performance.now() - started) / 1000 };
}

describe("statement timeouts", () => {
  it("cancel a vote after 3 s and a new comment after 8 s while their post's counters are locked, changing nothing", async () => {
    const [author, member] = await createMembers(2);
    const postId = await createPost(author, { title: "Counters held by a lock" });

    // A vote and a comment both update the post's counters: a transaction
    // that holds that row makes them wait.
    const lockTaken = gate();
    const lockReleased = gate();
    const holder = sql.begin(async (tx) => {
      await tx`select 1 from private.post_cards where post_id = ${postId} for update`;
      lockTaken.open();
      await lockReleased.opened;
    });
    await lockTaken.opened;
    try {
      // One after the other: each holds one of the function's two write places while it waits.
      const vote = await timed(api("POST", `/api/posts/${postId}/vote`, { token: member.token, json: { voteType: "up" } }));
      const comment = await timed(api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "Held up by a lock." } }));
      expect([vote.answer.status, vote.answer.body.error]).toEqual([503, unavailable]);
      expect(vote.answer.headers.get("retry-after")).toBe("2");
      expect([comment.answer.status, comment.answer.body.error]).toEqual([503, unavailable]);
      // Each by its own limit: the vote's session's 3 s, the member's transaction's 8 s.
      expect(vote.seconds).toBeGreaterThanOrEqual(2.9);
      expect(vote.seconds).toBeLessThan(comment.seconds);
      expect(comment.seconds).toBeGreaterThanOrEqual(7.9);
    } finally {
      lockReleased.open();
      await holder;
    }

    const [{ votes, comments }] = await sql<{ votes: number; comments: number }[]>`
      select (select count(*)::int from public.post_votes where post_id = ${postId}) as votes,
             (select count(*)::int from public.comments where post_id = ${postId}) as comments`;
    expect({ votes, comments }).toEqual({ votes: 0, comments: 0 });

    // Once the lock is gone, the same requests go through.
    expect((await api("POST", `/api/posts/${postId}/vote`, { token: member.token, json: { voteType: "up" } })).status).toBe(200);
    expect((await api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "Through at last." } })).status).toBe(201);
  });
});
