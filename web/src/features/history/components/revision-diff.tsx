import { FieldComparison } from "@/components/diff-view/diff-view";
import { changedSnapshotFields } from "@/lib/field-changes";
import type { RevisionComparison } from "../api/get-revision";
import { contentHiddenText } from "./revision-label";
import styles from "./history.module.css";

/**
 * A revision beside the one before it: each field it changed, word by word
 * where the text is long. Content an admin hid (no fields in the answer) is
 * named instead of compared.
 */
export function RevisionDiff({ comparison }: { comparison: RevisionComparison }) {
  const { revision, previous } = comparison;
  if (revision.fields === null) return <p className={styles.hidden}>{contentHiddenText}.</p>;
  if (previous && previous.fields === null) {
    return <p className={styles.hidden}>The previous revision's content is hidden by an admin, so this revision cannot be compared with it.</p>;
  }
  const changes = changedSnapshotFields(previous?.fields ?? null, revision.fields);
  const labels = { before: previous ? "Previous revision" : "Before publication", after: "This revision" };
  if (changes.length === 0) return <p className={styles.muted}>No field changed in this revision.</p>;
  return (
    <>
      {changes.map((change) => (
        <FieldComparison key={change.field} change={change} labels={labels} />
      ))}
    </>
  );
}
