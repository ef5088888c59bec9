import type { z } from "@/lib/zod";

/**
 * A zod schema built on first use, with zod loaded then (a dynamic import).
 * For the inputs of mutations on pages every visitor opens (a vote, a
 * comment): zod is larger than such a page's own code, and only the people
 * who vote or comment need it. Call the returned function for the schema.
 */
export function lazySchema<Schema>(build: (zod: typeof z) => Schema): () => Promise<Schema> {
  let schema: Promise<Schema> | undefined;
  return () => (schema ??= import("@/lib/zod").then((module) => build(module.z)));
}
