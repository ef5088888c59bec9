import { Hono } from "hono";
import { z } from "zod";
import { signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { writeAsCaller } from "../db/lanes.ts";
import { validate } from "../http/validate.ts";

/** POST /suggestions: general feedback to the operators. */
export const suggestionsRouter = new Hono<AppEnv>();

// Blank and too long are the database's rules (private.suggestions_before_insert), with its messages.
const suggestion = z.object({ suggestion: z.string({ error: "suggestion is required." }) });

suggestionsRouter.post("/", signedIn("You need an account to submit a suggestion."), validate("json", suggestion), async (c) => {
  const { suggestion: text } = c.req.valid("json");
  const id = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ id: string }[]>`insert into public.suggestions (suggestion) values (${text}) returning id`;
    return row.id;
  });
  return c.json({ success: true, id }, 201);
});
