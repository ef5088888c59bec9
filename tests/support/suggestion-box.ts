/** The suggestion box (private.list_suggestions), read as a caller. */
import type { Tx } from "./database.ts";

/** A general suggestion as the box lists it; `userEmail` is null for moderators. */
export interface BoxedSuggestion {
  id: string;
  userName: string | null;
  userEmail: string | null;
  timestamp: string;
  suggestion: string;
  status: string;
}

/** A page of the box, newest first: `next` is the cursor after it, null at the end. */
export interface SuggestionBoxPage {
  suggestions: BoxedSuggestion[];
  next: { key: string; id: string } | null;
  total: number;
}

/** The box as the caller of `tx` reads it: all of it without `limit`, or a page after `before`. */
export async function suggestionBox(
  tx: Tx,
  { status = null, limit = null, before = null }: { status?: string | null; limit?: number | null; before?: SuggestionBoxPage["next"] } = {},
): Promise<SuggestionBoxPage> {
  const [row] = await tx<{ page: SuggestionBoxPage }[]>`
    select private.list_suggestions(${status}::text, ${limit}::integer, ${before?.key ?? null}::text, ${before?.id ?? null}::uuid) as page`;
  return row.page;
}
