import { createRoute } from "@hono/zod-openapi";
import type { JSONValue } from "postgres";
import { z } from "zod";
import { editSuggestionCreated, editSuggestionRequest } from "../../_shared/api/edit-suggestions.ts";
import { signedIn } from "../auth/guards.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { definedFields } from "../forms/defined-fields.ts";
import { infoBoxInput } from "../forms/info-boxes.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";

/** POST /posts/{id}/suggestions (mounted by the posts router): a member proposes changes for an admin to review. */
export const editSuggestionsRouter = newRouter();

editSuggestionsRouter.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createEditSuggestion",
    tags: ["Edit suggestions"],
    summary: "Suggest changes to a published post",
    description: "The fields sent are the changes; the team reviews them, and an approved suggestion becomes a revision.",
    ...access("member"),
    middleware: [signedIn("Please sign in to suggest an edit."), nonJsonAsEmpty] as const,
    request: {
      params: z.object({ id: z.string().meta({ description: "The post's id.", example: "42" }) }),
      body: jsonBody(editSuggestionRequest),
    },
    responses: { 201: json(editSuggestionCreated, "The suggestion waits for review."), ...errors(400, 401, 403, 404, 413, 429), ...formRefused },
  }),
  async (c) => {
    const postId = pathId(c.req.valid("param").id, "Post not found.");
    const { infoBoxes, originalInfoBoxes: _, summary, ...fields } = c.req.valid("json");
    // A box sent with its content map alone gets its entries in the map's order (forms/info-boxes.ts).
    const changes: Record<string, JSONValue | undefined> = { ...fields, info_boxes: infoBoxes?.map((box) => infoBoxInput.parse(box)) };

    const id = await writeAsCaller(c.var.caller, async (tx) => {
      const [post] = await tx`select 1 from public.posts where id = ${postId}`;
      if (!post) fail(404, "Post not found.");
      const [row] = await tx<{ id: number }[]>`
        insert into public.edit_suggestions (post_id, summary, changes)
        values (${postId}, ${summary}, ${tx.json(definedFields(changes))})
        returning id`;
      return Number(row.id);
    });
    return c.json({ success: true, id, message: "Your suggestion has been submitted for review. Thank you!" } as const, 201);
  },
);
