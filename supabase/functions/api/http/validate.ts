import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import { fail } from "./errors.ts";

// zod's own messages ("Invalid input: expected string") do not say which field
// they are about; prefix them with its path. Messages written in a schema are
// for people already and stay as they are.
const english = z.locales.en();
z.config({
  customError: (issue) => {
    const base = english.localeError(issue as never);
    const message = typeof base === "string" ? base : base?.message;
    return issue.path?.length ? `${issue.path.join(".")}: ${message}` : message;
  },
});

/**
 * zod validation at the edge of a handler. A failure becomes a 400 in the
 * common error envelope, carrying the first problem's message.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) fail(400, result.error.issues[0]?.message ?? "Invalid request.");
  });
}
