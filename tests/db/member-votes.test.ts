/**
 * private.member_votes names the member whose votes it reads, so only the
 * api function (logged in as the database owner, its sessions running as
 * anon) may call it. PostgREST logs in as `authenticator`: as anon or as a
 * member, through it the function refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { createMember, pgError } from "../support/db.ts";

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

const memberVotes = (tx: Tx, memberId: string, posts: number[], comments: number[], commentPosts = [ids.approved]) =>
  tx<{ target: string; id: string; upvotes: number; downvotes: number; comment_count: number | null; user_vote: string }[]>`
    select target, id, upvotes, downvotes, comment_count, user_vote
    from private.member_votes(${memberId}::uuid, ${posts}::bigint[], ${comments}::bigint[], ${commentPosts}::bigint[])
    order by target desc, id`;

describe("private.member_votes", () => {
  it("gives the api function the counters and the named member's own votes", async () => {
    const rows = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [ids.approved, ids.unvoted], [ids.comment]));
    expect(rows).toEqual([
      { target: "post", id: String(ids.approved), upvotes: 1, downvotes: 1, comment_count: 1, user_vote: "up" },
      { target: "post", id: String(ids.unvoted), upvotes: 0, downvotes: 0, comment_count: 0, user_vote: "none" },
      { target: "comment", id: String(ids.comment), upvotes: 0, downvotes: 1, comment_count: null, user_vote: "down" },
    ]);
    const theirs = await asSession("owner", "anon", (tx) => memberVotes(tx, other.id, [ids.approved], []));
    expect(theirs).toEqual([{ target: "post", id: String(ids.approved), upvotes: 1, downvotes: 1, comment_count: 1, user_vote: "down" }]);
  });

  it("finds a comment under the post it belongs to only (a thread is read as one range)", async () => {
    const underOther = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [], [ids.comment], [ids.unvoted]));
    expect(underOther).toEqual([]);
    const underBoth = await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [], [ids.comment], [ids.unvoted, ids.approved]));
    expect(underBoth.map((row) => [row.id, row.user_vote])).toEqual([[String(ids.comment), "down"]]);
  });

  it("says nothing about a post that is not published", async () => {
    expect(await asSession("owner", "anon", (tx) => memberVotes(tx, voter.id, [ids.pending], []))).toEqual([]);
  });

  it("refuses a visitor through PostgREST's login, whoever they name", async () => {
    const error = await pgError(asSession("authenticator", "anon", (tx) => memberVotes(tx, voter.id, [ids.approved], [])));
    expect(error).toEqual({ code: "42501", message: "Only the api function reads a member's votes." });
  });

  it("is not for members at all, not even about themselves", async () => {
    for (const login of ["owner", "authenticator"] as const) {
      const error = await pgError(asSession(login, "authenticated", (tx) => memberVotes(tx, voter.id, [ids.approved], [])));
      expect(error).toEqual({ code: "42501", message: "permission denied for function member_votes" });
    }
  });
});
