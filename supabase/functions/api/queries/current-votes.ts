import type { Caller } from "../../_shared/auth.ts";
import type { PrivateFunctionResult } from "../../_shared/database.ts";
import { asCaller } from "../../_shared/db.ts";

/** A post or comment as the API shows it: its counters and the reader's own vote. */
export type Votable = { id: number; upvotes: number; downvotes: number; user_vote: string };

/**
 * Where the posts and comments are in an answer: for a signed-in reader they
 * get the current counters and the reader's own vote.
 */
export interface Votables<Answer> {
  posts?: (answer: Answer) => readonly (Votable | null)[];
  comments?: (answer: Answer) => readonly Votable[];
}

/** Sets the current counters and the caller's own vote on each post and comment, in one statement. */
export async function fillCurrentVotes(caller: Caller, posts: readonly Votable[], comments: readonly Votable[]) {
  const rows = await asCaller(caller, (tx) =>
    tx<PrivateFunctionResult<"current_votes">>`
      select target, id, upvotes, downvotes, user_vote
      from private.current_votes(${posts.map((post) => post.id)}::bigint[], ${comments.map((comment) => comment.id)}::bigint[])`
  );
  const current = new Map(rows.map((row) => [`${row.target}:${row.id}`, row]));
  for (const [target, items] of [["post", posts], ["comment", comments]] as const) {
    for (const item of items) {
      const row = current.get(`${target}:${item.id}`);
      if (!row) continue;
      item.upvotes = row.upvotes;
      item.downvotes = row.downvotes;
      item.user_vote = row.user_vote;
    }
  }
}
