import { Hono } from "hono";
import type { JSONValue } from "postgres";
import { z } from "zod";
import { signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { definedFields } from "../forms/defined-fields.ts";
import { infoBoxInput } from "../forms/info-boxes.ts";
import { fail } from "../http/errors.ts";
import { pathId } from "../http/params.ts";
import { validate } from "../http/validate.ts";

/** POST /posts/{id}/suggestions (mounted by the posts router): a member proposes changes for an admin to review. */
export const editSuggestionsRouter = new Hono<AppEnv>();

// Shape and types only: what may change, how (empty, too long, no change at
// all) and what the suggestion keeps are the database's rules
// (private.edit_suggestions_before_insert, private.normalize_post_changes).
const proposal = z.object({
  title: z.string().optional(),
  excerpt: z.string().optional(),
  content: z.string().optional(),
  // A list or a comma-separated string: the database takes either.
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  citations: z.string().nullable().optional(),
  is_nsfw: z.boolean().optional(),
  event_timestamp: z.iso.datetime({ offset: true, error: "event_timestamp must be an ISO date and time." })
    .nullable().optional(),
  infoBoxes: z.array(infoBoxInput).optional(),
  // The database snapshots the originals itself; the client's copy is not trusted.
  originalInfoBoxes: z.unknown().optional(),
  summary: z.string().default(""),
});

editSuggestionsRouter.post("/", signedIn("Please sign in to suggest an edit."), validate("json", proposal), async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const { infoBoxes, originalInfoBoxes: _, summary, ...fields } = c.req.valid("json");
  const changes: Record<string, JSONValue | undefined> = { ...fields, info_boxes: infoBoxes };

  const id = await writeAsCaller(c.var.caller, async (tx) => {
    const [post] = await tx`select 1 from public.posts where id = ${postId}`;
    if (!post) fail(404, "Post not found.");
    const [row] = await tx<{ id: number }[]>`
      insert into public.edit_suggestions (post_id, summary, changes)
      values (${postId}, ${summary}, ${tx.json(definedFields(changes))})
      returning id`;
    return Number(row.id);
  });
  return c.json({ success: true, id, message: "Your suggestion has been submitted for review. Thank you!" }, 201);
});
