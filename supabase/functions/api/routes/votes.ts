import { Hono } from "hono";
import { signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { callAsCaller } from "../db/lanes.ts";
import { pathId, voteBody } from "../http/params.ts";
import { validate } from "../http/validate.ts";

// A post's vote and a comment's differ only in what they vote on; the
// database keeps the counters and the rules (private.cast_post_vote,
// private.cast_comment_vote).
const targets = {
  post: { notFound: "Post not found.", cast: "cast_post_vote" },
  comment: { notFound: "Comment not found.", cast: "cast_comment_vote" },
} as const;

/** POST /posts/{id}/vote or /comments/{id}/vote, mounted by its resource's router: up, down or none (clears). */
export function voteRouter(target: keyof typeof targets) {
  const { notFound, cast } = targets[target];
  return new Hono<AppEnv>().post("/", signedIn("Please sign in to vote."), validate("json", voteBody), async (c) => {
    const id = pathId(c.req.param("id"), notFound);
    const { voteType } = c.req.valid("json");
    const result = await callAsCaller(c.var.caller, (sql) => sql`${sql(`private.${cast}`)}(${id}::bigint, ${voteType})`);
    c.set("changed", { counters: true });
    return c.json(result);
  });
}
