/**
 * private.member_votes names the member whose votes it reads, so only the
 * api function (logged in as the database owner, its sessions running as
 * anon) may call it. PostgREST logs in as `authenticator`: as anon or as a
 * member, through it the function refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { createMember, pgError } from "../support/callers.ts";

let voter: TestUser;
let other: TestUser;
let ids: { approved: number; pending: number; comment: number; unvoted: number };

beforeAll(async () => {
  [voter, other] = await Promise.all([createMember(), createMember()]);
  const approved = await createPost(other);
  const unvoted = await createPost(other);
  const pending = await createPost(other, { status: "pending" });
  const comment = await createComment(other, approved);
  await sql`insert into public.post_votes (post_id, user_id, vote) values (${approved}, ${voter.id}, 1), (${approved}, ${other.id}, -1)`;
  await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${comment}, ${voter.id}, -1)`;
  ids = { approved, pending, comment, unvoted };
});

/** Runs `work` in a rolled-back transaction as `role`, on a session that logged in as `login`. */
async function asSession<T>(login: "owner" | "authenticator", role: "anon" | "authenticated", work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await sql.begin(async (tx) => {
    if (login === "authenticator") await tx`set local session authorization authenticator`;
    const claims = role === "anon" ? { role } : { role, sub: voter.id, aud: "authenticated" };
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    result = await work(tx);
    await tx`rollback`;
  }).catch((error) => {
    if (result === undefined) throw error;
  });
  return result as T;
}

type Shown = { id: number; upvotes: number | null; downvotes: number | null; comment_count?: number | null };

/** What a visitor's answer shows of the approved post, the unvoted one and the comment: their counters as created. */
const shownAsCreated = () => ({
  approved: { id: ids.approved, upvotes: 1, downvotes: 1, comment_count: 1 },
  unvoted: { id: ids.unvoted, upvotes: 0, downvotes: 0, comment_count: 0 },
  comment: { id: ids.comment, upvotes: 0, downvotes: 1 },
});

const memberVotes = (tx: Tx, memberId: string, posts: Shown[], comments: Shown[], commentPosts = [ids.approved]) =>
  tx<{ target: string; id: string; upvotes: number; downvotes: number; comment_count: number | null; user_vote: string }[]>`
    select target, id, upvotes, downvotes, comment_count, user_vote
    from private.member_votes(
      ${memberId}::uuid,
      ${posts.map((post) => post.id)}::bigint[], ${posts.map((post) => post.upvotes)}::integer[],
      ${posts.map((post) => post.downvotes)}::integer[], ${posts.map((post) => post.comment_count ?? null)}::integer[],
      ${comments.map((comment) => comment.id)}::bigint[], ${comments.map((comment) => comment.upvotes)}::integer[],
      ${comments.map((comment) => comment.downvotes)}::integer[],
      ${commentPosts}::bigint[])
    order by target desc, id`;

describe("private.member_votes", () => {
  it("gives the api function the named member's own votes, and nothing for what they did not vote on and shows as it is", async () => {
    const shown = shownAsCreated();
    const rows = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [shown.approved, shown.unvoted], [shown.comment]));
    expect(rows).toEqual([
      { target: "post", id: String(ids.approved), upvotes: 1, downvotes: 1, comment_count: 1, user_vote: "up" },
      { target: "comment", id: String(ids.comment), upvotes: 0, downvotes: 1, comment_count: null, user_vote: "down" },
    ]);
    const theirs = await asSession("owner", "anon", (tx) => memberVotes(tx, other.id, [shown.approved, shown.unvoted], [shown.comment]));
    expect(theirs).toEqual([{ target: "post", id: String(ids.approved), upvotes: 1, downvotes: 1, comment_count: 1, user_vote: "down" }]);
  });

  it("gives the current counters of whatever shows other ones, each counter compared", async () => {
    const shown = shownAsCreated();
    const stale = [
      { ...shown.unvoted, upvotes: 4 },
      { ...shown.unvoted, downvotes: 2 },
      { ...shown.unvoted, comment_count: 3 },
    ];
    for (const post of stale) {
      const rows = await asSession("owner", "anon", (tx) => memberVotes(tx, other.id, [post], []));
      expect(rows).toEqual([{ target: "post", id: String(ids.unvoted), upvotes: 0, downvotes: 0, comment_count: 0, user_vote: "none" }]);
    }
    for (const comment of [{ ...shown.comment, upvotes: 7 }, { ...shown.comment, downvotes: 0 }]) {
      const rows = await asSession("owner", "anon", (tx) => memberVotes(tx, other.id, [], [comment]));
      expect(rows).toEqual([{ target: "comment", id: String(ids.comment), upvotes: 0, downvotes: 1, comment_count: null, user_vote: "none" }]);
    }
  });

  it("does not compare a comment count the answer does not show", async () => {
    const rows = await asSession("owner", "anon", (tx) => memberVotes(tx, other.id, [{ ...shownAsCreated().unvoted, comment_count: null }], []));
    expect(rows).toEqual([]);
  });

  it("finds a comment under the post it belongs to only (a thread is read as one range)", async () => {
    const { comment } = shownAsCreated();
    const underOther = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [], [comment], [ids.unvoted]));
    expect(underOther).toEqual([]);
    const underBoth = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [], [comment], [ids.unvoted, ids.approved]));
    expect(underBoth.map((row) => [row.id, row.user_vote])).toEqual([[String(ids.comment), "down"]]);
  });

  it("says nothing about a post that is not published", async () => {
    const pending = { id: ids.pending, upvotes: 99, downvotes: 99, comment_count: 99 };
    expect(await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [pending], []))).toEqual([]);
  });

  it("says nothing about a post once it is no longer published, though the member voted on it", async () => {
    const withdrawn = await createPost(other);
    await sql`insert into public.post_votes (post_id, user_id, vote) values (${withdrawn}, ${voter.id}, 1)`;
    const shown = { id: withdrawn, upvotes: 0, downvotes: 0, comment_count: 0 };
    expect(await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [shown], []))).toMatchObject([{ user_vote: "up" }]);
    await sql`update public.posts set status = 'rejected' where id = ${withdrawn}`;
    expect(await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [shown], []))).toEqual([]);
  });

  it("refuses a visitor through PostgREST's login, whoever they name", async () => {
    const error = await pgError(asSession("authenticator", "anon", (tx) => memberVotes(tx, voter.id, [shownAsCreated().approved], [])));
    expect(error).toEqual({ code: "42501", message: "Only the api function reads a member's votes." });
  });

  it("is not for members at all, not even about themselves", async () => {
    for (const login of ["owner", "authenticator"] as const) {
      const error = await pgError(asSession(login, "authenticated", (tx) => memberVotes(tx, voter.id, [shownAsCreated().approved], [])));
      expect(error).toEqual({ code: "42501", message: "permission denied for function member_votes" });
    }
  });
});
