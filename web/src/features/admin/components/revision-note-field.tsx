import { TextAreaField } from "@/components/ui/form/textarea-field";

/** The database's limit on an admin's note (private.normalize_revision_note). */
export const revisionNoteMaxLength = 500;

/** Why an admin edits a published post; readers see it on the post's history. */
export function RevisionNoteField({ value, onChange, disabled }: { value: string; onChange: (note: string) => void; disabled?: boolean }) {
  return (
    <TextAreaField
      label="Note for the history (optional)"
      hint="Shown on the post's history beside this edit."
      rows={2}
      maxLength={revisionNoteMaxLength}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
