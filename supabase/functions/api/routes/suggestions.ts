import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { suggestionSent } from "../../_shared/api/suggestions.ts";
import { signedIn } from "../auth/guards.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";

/** POST /suggestions: general feedback to the operators. */
export const suggestionsRouter = newRouter();

// Blank and too long are the database's rules (private.suggestions_before_insert), with its messages.
const suggestion = z.object({ suggestion: z.string({ error: "suggestion is required." }).meta({ description: "1 to 500 characters." }) })
  .meta({ example: { suggestion: "A map of the events would help." } });

suggestionsRouter.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createSuggestion",
    tags: ["Suggestions"],
    summary: "Send a general suggestion to the operators",
    description: "1 to 500 characters; at most 10 an hour. The sender must have confirmed they are 18 or older and not be suspended.",
    ...access("member"),
    middleware: [signedIn("You need an account to submit a suggestion."), nonJsonAsEmpty] as const,
    request: { body: jsonBody(suggestion) },
    responses: {
      201: json(suggestionSent, "The suggestion is sent."),
      ...errors(400, 401, 403, 413, 429),
      ...formRefused,
    },
  }),
  async (c) => {
    const { suggestion: text } = c.req.valid("json");
    const id = await writeAsCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ id: string }[]>`insert into public.suggestions (suggestion) values (${text}) returning id`;
      return row.id;
    });
    return c.json({ success: true as const, id }, 201);
  },
);
