import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { reportFiled, reportRequest } from "../../_shared/api/reports.ts";
import { signedIn } from "../auth/guards.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";

const reported = { success: true, message: "Thank you. The admins will look at your report." } as const;

/**
 * POST /posts/{id}/report and /comments/{id}/report, mounted by their
 * resources' routers: a member tells the admins what is wrong with an item.
 * Whether "Other" has its text, the text's length and "once per item" are the
 * database's rules (private.reports_before_insert), with its messages.
 */
const reportRoute = (target: "post" | "comment") =>
  createRoute({
    method: "post",
    path: "/",
    operationId: target === "post" ? "reportPost" : "reportComment",
    tags: [target === "post" ? "Posts" : "Comments"],
    summary: target === "post" ? "Report a published post to the team" : "Report a comment on a published post to the team",
    description: "Once per item and member; \"other\" needs details.",
    ...access("member"),
    middleware: [signedIn(`Please sign in to report a ${target}.`), nonJsonAsEmpty] as const,
    request: {
      params: z.object({ id: z.string().meta({ description: `The ${target}'s id.`, example: "42" }) }),
      body: jsonBody(reportRequest),
    },
    responses: {
      201: json(reportFiled, "The report is filed."),
      ...errors(400, 401, 403, 404, 409, 413, 429),
      ...formRefused,
    },
  });

export const postReportRouter = newRouter().openapi(reportRoute("post"), async (c) => {
  const postId = pathId(c.req.valid("param").id, "Post not found.");
  const { reason, details } = c.req.valid("json");
  const id = await writeAsCaller(c.var.caller, async (tx) => {
    // Row-level security answers an item the member cannot see with an error
    // that does not say why; 404 is what a missing post would answer too.
    const [post] = await tx`select 1 from public.posts where id = ${postId} and status = 'approved'`;
    if (!post) fail(404, "Post not found.");
    const [row] = await tx<{ id: number }[]>`
      insert into public.reports (post_id, reason, details) values (${postId}, ${reason}, ${details ?? null}) returning id`;
    return row.id;
  });
  return c.json({ ...reported, id: Number(id) }, 201);
});

export const commentReportRouter = newRouter().openapi(reportRoute("comment"), async (c) => {
  const commentId = pathId(c.req.valid("param").id, "Comment not found.");
  const { reason, details } = c.req.valid("json");
  const id = await writeAsCaller(c.var.caller, async (tx) => {
    const [comment] = await tx<{ post_id: number }[]>`
      select c.post_id from public.comments c join public.posts p on p.id = c.post_id
      where c.id = ${commentId} and p.status = 'approved'`;
    if (!comment) fail(404, "Comment not found.");
    const [row] = await tx<{ id: number }[]>`
      insert into public.reports (post_id, comment_id, reason, details)
      values (${comment.post_id}, ${commentId}, ${reason}, ${details ?? null}) returning id`;
    return row.id;
  });
  return c.json({ ...reported, id: Number(id) }, 201);
});
