import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { fail } from "./errors.ts";

/**
 * zod validation at the edge of a handler. A failure becomes a 400 in the
 * common error envelope, carrying the first problem's message.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      fail(400, `${where}${issue?.message ?? "Invalid request."}`);
    }
  });
}
