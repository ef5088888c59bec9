import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { voteRequest, voteResult } from "../../_shared/api/votes.ts";
import { signedIn } from "../auth/guards.ts";
import { callAsCaller } from "../db/lanes.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";

// A post's vote and a comment's differ only in what they vote on; the
// database keeps the counters and the rules (private.cast_post_vote,
// private.cast_comment_vote).
const targets = {
  post: { notFound: "Post not found.", cast: "cast_post_vote", tag: "Posts", what: "published post", operationId: "voteOnPost" },
  comment: { notFound: "Comment not found.", cast: "cast_comment_vote", tag: "Comments", what: "comment of a published post", operationId: "voteOnComment" },
} as const;

/** POST /posts/{id}/vote or /comments/{id}/vote, mounted by its resource's router: up, down or none (clears). */
export function voteRouter(target: keyof typeof targets) {
  const { notFound, cast, tag, what, operationId } = targets[target];
  return newRouter().openapi(
    createRoute({
      method: "post",
      path: "/",
      operationId,
      tags: [tag],
      summary: `Vote on a ${what}`,
      description: "up or down replaces the caller's vote; none takes it back. At most 30 votes a minute.",
      ...access("member"),
      middleware: [signedIn("Please sign in to vote."), nonJsonAsEmpty] as const,
      request: {
        params: z.object({ id: z.string().meta({ description: `The ${target}'s id.`, example: "42" }) }),
        body: jsonBody(voteRequest),
      },
      responses: {
        200: json(voteResult, "The counters after the vote, and the caller's vote."),
        ...errors(400, 401, 403, 404, 413, 429),
        ...formRefused,
      },
    }),
    async (c) => {
      const id = pathId(c.req.valid("param").id, notFound);
      const { voteType } = c.req.valid("json");
      const result = await callAsCaller(c.var.caller, (sql) => sql`${sql(`private.${cast}`)}(${id}::bigint, ${voteType})`);
      c.set("changed", { counters: true });
      return c.json(result as z.infer<typeof voteResult>, 200);
    },
  );
}
