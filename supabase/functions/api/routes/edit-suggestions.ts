import { Hono } from "hono";
import type { JSONValue } from "postgres";
import { z } from "zod";
import { asCaller } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";
import { signedIn } from "../../_shared/guards.ts";
import { parseTags, pathId } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";

/** POST /posts/{id}/suggestions: a member proposes changes for an admin to review. */
export const editSuggestionsRouter = new Hono<AppEnv>();

const infoBox = z.object({
  title: z.string().trim().min(1, "Each info box needs a title."),
  content: z.record(z.string(), z.string()).default({}),
  order: z.number().int().optional(),
});

const proposal = z.object({
  title: z.string().trim().min(1, "Title cannot be empty.").optional(),
  excerpt: z.string().trim().min(1, "Excerpt cannot be empty.").optional(),
  content: z.string().trim().min(1, "Content cannot be empty.").optional(),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  citations: z.string().nullable().optional(),
  is_nsfw: z.boolean().optional(),
  event_timestamp: z.iso.datetime({ offset: true, error: "event_timestamp must be an ISO date and time." })
    .nullable().optional(),
  infoBoxes: z.array(infoBox).max(20).optional(),
  // The database snapshots the originals itself; the client's copy is not trusted.
  originalInfoBoxes: z.unknown().optional(),
  summary: z.string().default(""),
});

editSuggestionsRouter.post("/posts/:id/suggestions", signedIn("Please sign in to suggest an edit."), validate("json", proposal), async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const body = c.req.valid("json");
  const changes: Record<string, JSONValue> = {};
  for (const key of ["title", "excerpt", "content", "is_nsfw"] as const) {
    if (body[key] !== undefined) changes[key] = body[key];
  }
  if (body.tags !== undefined) {
    changes.tags = parseTags(Array.isArray(body.tags) ? body.tags.join(",") : body.tags);
  }
  if (body.citations !== undefined) changes.citations = body.citations?.trim() || null;
  if (body.event_timestamp !== undefined) {
    changes.event_timestamp = body.event_timestamp ? new Date(body.event_timestamp).toISOString() : null;
  }
  if (body.infoBoxes !== undefined) {
    changes.info_boxes = body.infoBoxes.map((box, index) => ({ title: box.title, content: box.content, order: box.order ?? index }));
  }
  if (Object.keys(changes).length === 0) fail(400, "You haven't made any changes.");

  const id = await asCaller(c.var.caller, async (tx) => {
    const [post] = await tx`select 1 from public.posts where id = ${postId}`;
    if (!post) fail(404, "Post not found.");
    const [row] = await tx<{ id: number }[]>`
      insert into public.edit_suggestions (post_id, summary, changes)
      values (${postId}, ${body.summary}, ${tx.json(changes)})
      returning id`;
    return Number(row.id);
  });
  return c.json({ success: true, id, message: "Your suggestion has been submitted for review. Thank you!" }, 201);
});
