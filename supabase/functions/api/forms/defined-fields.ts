import type { JSONValue } from "postgres";

/** The fields a client sent: an absent one is not written (the column's default, or no change). */
export function definedFields(fields: Record<string, JSONValue | undefined>): Record<string, JSONValue> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, JSONValue>;
}
