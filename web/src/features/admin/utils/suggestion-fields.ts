import { type FieldChange, fieldChange } from "@/lib/field-changes";
import { editablePostFields } from "@/lib/post-fields-list";
import type { EditSuggestion } from "@/types/api";

/**
 * The fields an edit suggestion changes: those with a `suggested_*` key (the
 * API leaves it out when unchanged), in display order, as text for both sides.
 */
export function changedFields(suggestion: EditSuggestion): FieldChange[] {
  const record = suggestion as unknown as Record<string, unknown>;
  return editablePostFields
    .filter((field) => Object.prototype.hasOwnProperty.call(record, `suggested_${field}`))
    .map((field) => fieldChange(field, record[`original_${field}`], record[`suggested_${field}`]));
}
