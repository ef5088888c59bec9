import { anonymous } from "../auth/caller.ts";
import { asCaller } from "../db/lanes.ts";
import type { PrivateFunctionResult } from "../db/rows.ts";
import type { CurrentVotes, VoteTemplate } from "../read-cache/vote-template.ts";

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
