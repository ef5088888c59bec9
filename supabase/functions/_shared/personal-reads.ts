import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../api/context.ts";
import type { Caller } from "./auth.ts";
import type { PrivateFunctionResult } from "./database.ts";
import { asCaller } from "./db.ts";
import { readCacheIsOn } from "./read-cache.ts";

/**
 * The reads whose answer for a signed-in user is the visitor's answer with
 * current counters and the user's own votes (`user_vote`): every list, the post detail and the
 * comments. Only approved posts are in lists, for everyone; a post or comment
 * thread a visitor may not see (the author's pending post, anything for an
 * admin) gets a 404 as a visitor and falls through to the user's own read.
 */
const personalizable = [
  /^\/api\/posts\/?$/,
  /^\/api\/posts\/all\/?$/,
  /^\/api\/timeline\/?$/,
  /^\/api\/posts\/\d+\/?$/,
  /^\/api\/posts\/\d+\/info-boxes\/?$/,
  /^\/api\/posts\/\d+\/comments\/?$/,
];

type Votable = { id: number; upvotes: number; downvotes: number; user_vote: string };

/** The posts (they have a post_type) and comments (a parent_id) anywhere in an answer. */
function collectVotables(value: unknown, posts: Votable[], comments: Votable[]) {
  if (Array.isArray(value)) {
    for (const item of value) collectVotables(item, posts, comments);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.id === "number" && "user_vote" in record) {
      if ("post_type" in record) posts.push(record as Votable);
      else if ("parent_id" in record) comments.push(record as Votable);
    }
    for (const child of Object.values(record)) {
      if (child && typeof child === "object") collectVotables(child, posts, comments);
    }
  }
}

/** Sets the current counters and the caller's own vote on each post and comment, in one statement. */
async function fillCurrentVotes(caller: Caller, posts: Votable[], comments: Votable[]) {
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

/**
 * Answers a signed-in user's read from the visitor's answer (usually in
 * memory, see read-cache.ts) with the current vote counters and the user's
 * own votes: one small query on primary keys instead of building every post
 * and comment again under the user's role. Only while the read cache is on: without it the visitor's
 * answer would cost as much as the user's own.
 */
export function personalReads(readAsVisitor: (url: string) => Response | Promise<Response>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" || c.var.caller.role === "anon" || !readCacheIsOn()) return next();
    if (!personalizable.some((pattern) => pattern.test(c.req.path))) return next();

    const visitorAnswer = await readAsVisitor(c.req.url);
    if (visitorAnswer.status !== 200) {
      await visitorAnswer.body?.cancel();
      return next();
    }
    const body: unknown = await visitorAnswer.json();
    const posts: Votable[] = [];
    const comments: Votable[] = [];
    collectVotables(body, posts, comments);
    if (posts.length || comments.length) await fillCurrentVotes(c.var.caller, posts, comments);
    c.header("X-Read-Cache", `${visitorAnswer.headers.get("X-Read-Cache") ?? "miss"}, votes added`);
    return c.json(body);
  };
}
