import { z } from "zod";
import { fail } from "./errors.ts";

/** Ids in paths are positive integers; anything else names nothing, hence 404. */
export function pathId(value: string | undefined, notFoundMessage: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) fail(404, notFoundMessage);
  return id;
}

export const voteBody = z.object({
  voteType: z.enum(["up", "down", "none"], { error: "voteType must be up, down or none." }),
});

/** Tags arrive as a comma-separated string; the database stores a list. */
export function parseTags(value: string | undefined | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(",").map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}
