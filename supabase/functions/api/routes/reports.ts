import { Hono } from "hono";
import { z } from "zod";
import { signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { fail } from "../http/errors.ts";
import { pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";

/**
 * POST /posts/{id}/report and /comments/{id}/report, mounted by their
 * resources' routers: a member tells the admins what is wrong with an item.
 */
export const reportReasons = ["spam", "harassment", "misinformation", "off_topic", "other"] as const;

// Whether "Other" has its text, the text's length and "once per item" are the
// database's rules (private.reports_before_insert), with its messages.
const report = z.object({
  reason: z.enum(reportReasons, { error: `reason must be one of ${reportReasons.join(", ")}.` }),
  details: z.string({ error: "details must be text." }).nullish(),
});

const reported = { success: true, message: "Thank you. The admins will look at your report." };

export const postReportRouter = new Hono<AppEnv>().post("/", signedIn("Please sign in to report a post."), validate("json", report), async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
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

export const commentReportRouter = new Hono<AppEnv>().post("/", signedIn("Please sign in to report a comment."), validate("json", report), async (c) => {
  const commentId = pathId(c.req.param("id"), "Comment not found.");
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
