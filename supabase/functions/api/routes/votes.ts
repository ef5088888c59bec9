import { Hono } from "hono";
import { callAsCaller } from "../../_shared/db.ts";
import { signedIn } from "../../_shared/guards.ts";
import { pathId, voteBody } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/** POST /posts/{id}/vote and /comments/{id}/vote: up, down or none (clears). */
export const votesRouter = new Hono<AppEnv>();

// The two differ only in what they vote on; the database keeps the counters
// and the rules (private.cast_post_vote, private.cast_comment_vote).
const targets = [
  { path: "/posts/:id/vote", notFound: "Post not found.", cast: "cast_post_vote" },
  { path: "/comments/:id/vote", notFound: "Comment not found.", cast: "cast_comment_vote" },
] as const;

for (const target of targets) {
  votesRouter.post(target.path, signedIn("Please sign in to vote."), validate("json", voteBody), async (c) => {
    const id = pathId(c.req.param("id"), target.notFound);
    const { voteType } = c.req.valid("json");
    const result = await callAsCaller(c.var.caller, (sql) => sql`${sql(`private.${target.cast}`)}(${id}::bigint, ${voteType})`);
    c.set("changed", { counters: true });
    return c.json(result);
  });
}
