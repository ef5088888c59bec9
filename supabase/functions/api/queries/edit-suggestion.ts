import type { ReadTx } from "../db/lanes.ts";
import type { QueuePage } from "../http/cursor.ts";

type EditSuggestion = Record<string, unknown>;

/** A page of the edit-suggestion queue as private.pending_edit_suggestions answers it. */
export interface PendingEditSuggestionsPage extends QueuePage {
  /** SPEC §3's shape: original_* / suggested_* only for the changed fields. */
  suggestions: EditSuggestion[];
}

/** The pending edit suggestions, oldest first: all of them without `limit`, else a page after `cursor`. */
export async function pendingEditSuggestions(tx: ReadTx, limit: number | null, cursor?: { key: string; id: number }) {
  const [row] = await tx<{ page: PendingEditSuggestionsPage }[]>`
    select private.pending_edit_suggestions(${limit}::integer, ${cursor?.key ?? null}::text, ${cursor?.id ?? null}::bigint) as page`;
  return { ...row.page, suggestions: row.page.suggestions.map(withTagsAsText) };
}

// Posts carry tags as a comma-separated string everywhere; so do suggestions.
function withTagsAsText(suggestion: EditSuggestion): EditSuggestion {
  for (const key of ["suggested_tags", "original_tags"]) {
    if (Array.isArray(suggestion[key])) suggestion[key] = (suggestion[key] as string[]).join(",");
  }
  return suggestion;
}
