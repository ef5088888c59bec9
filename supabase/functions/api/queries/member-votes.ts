import { anonymous } from "../../_shared/auth.ts";
import type { PrivateFunctionResult } from "../../_shared/database.ts";
import { asCaller } from "../../_shared/db.ts";
import type { CurrentVotes, VoteTemplate } from "../middleware/vote-template.ts";

/** A post or comment as the API shows it: its counters and the reader's own vote. */
export type Votable = { id: number; upvotes: number; downvotes: number; comment_count?: number; user_vote: string };

/** A comment as the API shows it: a votable that names its post. */
export type VotableComment = Votable & { post_id: number };

/**
 * Where the posts and comments are in an answer: for a signed-in reader they
 * get the current counters and the reader's own vote.
 */
export interface Votables<Answer> {
  posts?: (answer: Answer) => readonly (Votable | null)[];
  comments?: (answer: Answer) => readonly VotableComment[];
}

/**
 * The current counters (a post's comment count too) and `memberId`'s own vote
 * of the template's posts and comments whose counters differ from the
 * visitor's answer or that the member voted on, keyed `post:{id}` /
 * `comment:{id}`, in one statement on the visitors' sessions: nothing when
 * the visitor's answer is the member's. private.member_votes trusts the api
 * function to name the member (whose token the caller middleware verified):
 * see its migration for why.
 */
export async function memberVotes(memberId: string, template: VoteTemplate): Promise<CurrentVotes> {
  const { postIds, commentIds, commentPostIds, shownPosts, shownComments } = template;
  const rows = await asCaller(anonymous, (tx) =>
    tx<PrivateFunctionResult<"member_votes">>`
      select target, id, upvotes, downvotes, comment_count, user_vote
      from private.member_votes(
        ${memberId}::uuid,
        ${postIds}::bigint[], ${shownPosts.upvotes}::integer[], ${shownPosts.downvotes}::integer[], ${shownPosts.comment_count}::integer[],
        ${commentIds}::bigint[], ${shownComments.upvotes}::integer[], ${shownComments.downvotes}::integer[],
        ${commentPostIds}::bigint[])`
  );
  return new Map(rows.map((row) => [`${row.target}:${row.id}`, row]));
}
