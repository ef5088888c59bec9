import { Hono } from "hono";
import { asCaller } from "../../_shared/db.ts";
import { signedIn } from "../../_shared/guards.ts";
import { pathId, voteBody } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/** POST /posts/{id}/vote and /comments/{id}/vote: up, down or none (clears). */
export const votesRouter = new Hono<AppEnv>();

votesRouter.post("/posts/:id/vote", signedIn("Please sign in to vote."), validate("json", voteBody), async (c) => {
  const id = pathId(c.req.param("id"), "Post not found.");
  const { voteType } = c.req.valid("json");
  const result = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ result: unknown }[]>`select private.cast_post_vote(${id}::bigint, ${voteType}) as result`;
    return row.result;
  });
  return c.json(result);
});

votesRouter.post("/comments/:id/vote", signedIn("Please sign in to vote."), validate("json", voteBody), async (c) => {
  const id = pathId(c.req.param("id"), "Comment not found.");
  const { voteType } = c.req.valid("json");
  const result = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ result: unknown }[]>`select private.cast_comment_vote(${id}::bigint, ${voteType}) as result`;
    return row.result;
  });
  return c.json(result);
});
