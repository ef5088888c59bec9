import type { Context } from "hono";
import { anonymous, type Caller } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";
import { type JsonText, jsonTextOf } from "../db/json-text.ts";
import { memberVotes } from "../queries/member-votes.ts";
import { readCacheIsOn, visitorAnswer } from "./cache.ts";
import { keptAnswerBody } from "./gzipped-answer.ts";
import type { Votables } from "./votables.ts";
import { type CurrentVotes, fillTemplate, voteTemplate } from "./vote-template.ts";

/** An answer that carries no votes (the same for everyone who may see it). */
export const noVotables: Votables<unknown> = {};

/**
 * A read whose answer is the same for every visitor. A visitor's answer is kept
 * in memory (cache.ts). A signed-in user's is the visitor's answer (usually
 * from memory) with current counters and the user's own votes on the
 * `votables`: one small query on primary keys instead of building every post
 * and comment again under the user's role, which reports only what differs
 * from the visitor's answer, put into the visitor's text where the visitor's
 * values were (vote-template.ts) rather than parsed and serialised again.
 * What a visitor may not see (the author's pending post, anything for an
 * admin) fails as a visitor and is read as the user. Without the cache, the
 * visitor's answer would cost as much as the user's own, so everyone reads as
 * themselves.
 *
 * `read` builds the answer as the given caller (it fails with the route's error).
 */
export async function sharedRead<Answer>(
  c: Context<AppEnv>,
  votables: Votables<Answer>,
  read: (caller: Caller) => Promise<Answer | JsonText<Answer>>,
): Promise<Response> {
  const caller = c.var.caller;
  if (c.req.method !== "GET" || !readCacheIsOn()) return jsonText(c, jsonTextOf(await read(caller)));

  if (caller.role === "anon") {
    const answer = await visitorAnswer(c.req.url, () => read(anonymous));
    if (answer.fromMemory) c.header("X-Read-Cache", "hit");
    return keptAnswerBody(c, answer);
  }

  let answer;
  try {
    answer = await visitorAnswer(c.req.url, () => read(anonymous));
  } catch {
    // Whatever fails as a visitor is the user's own read, with the user's own answer.
    return jsonText(c, jsonTextOf(await read(caller)));
  }
  const template = answer.memberTemplate ??= voteTemplate(answer.json, votables);
  const current: CurrentVotes = template.postIds.length || template.commentIds.length
    ? await memberVotes(caller.userId, template)
    : new Map();
  c.header("X-Read-Cache", `${answer.fromMemory ? "hit" : "miss"}, votes added`);
  // Nothing differs (no vote of theirs, no counter changed since): the visitor's answer is theirs.
  return current.size ? jsonText(c, fillTemplate(template, current)) : keptAnswerBody(c, answer);
}

/** JSON already serialised, with the header c.json would give it. */
const jsonText = (c: Context, json: string) => c.body(json, 200, { "content-type": "application/json" });
