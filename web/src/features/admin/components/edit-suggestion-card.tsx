import { Link } from "react-router";
import { paths } from "@/config/paths";
import { notify } from "@/lib/notify";
import type { EditSuggestion } from "@/types/api";
import { useApproveEditSuggestion } from "../api/approve-edit-suggestion";
import { useRejectEditSuggestion } from "../api/reject-edit-suggestion";
import { formatTimestamp } from "@/lib/field-changes";
import { changedFields } from "../utils/suggestion-fields";
import { FieldComparison, SideLabel } from "@/components/diff-view/diff-view";
import { DecisionButtons, useRejection } from "./decision-buttons";
import { RejectionForm } from "./rejection-form";
import styles from "./admin.module.css";

type SuggestionAction = "approve" | "reject";

export function EditSuggestionCard({ suggestion }: { suggestion: EditSuggestion }) {
  const approve = useApproveEditSuggestion();
  const reject = useRejectEditSuggestion();
  const rejection = useRejection();
  const reviewing = approve.isPending || reject.isPending;
  const changes = changedFields(suggestion);
  const headingId = `edit-suggestion-${suggestion.id}`;

  const run = async (action: SuggestionAction, reason?: string) => {
    try {
      const result = await (action === "approve" ? approve.mutateAsync({ id: suggestion.id }) : reject.mutateAsync({ id: suggestion.id, reason }));
      notify.success(result?.message || (action === "approve" ? "Suggestion approved." : "Suggestion rejected."));
    } catch {
      notify.error(`Error: Failed to ${action} suggestion`);
    }
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <div>
          <h2 id={headingId} className={styles.cardTitle}>
            Edit to <Link to={paths.post(suggestion.post_id)}>{suggestion.post_title}</Link>
          </h2>
          <p className={styles.meta}>
            Suggested by <strong>{suggestion.user_name ?? "Unknown user"}</strong> on{" "}
            <time dateTime={suggestion.created_at}>{formatTimestamp(suggestion.created_at)}</time>
          </p>
        </div>
        <div className={styles.cardActions}>
          <DecisionButtons approveLabel="Approve" rejectLabel="Reject" describedBy={headingId} reviewing={reviewing} rejection={rejection} onApprove={() => void run("approve")} />
        </div>
      </header>
      <div className={styles.summary}>
        <SideLabel>Summary</SideLabel>
        <p>{suggestion.summary}</p>
      </div>
      {changes.length === 0 ? (
        <p className={styles.muted}>No field changes.</p>
      ) : (
        changes.map((change) => <FieldComparison key={change.field} change={change} />)
      )}
      {rejection.open && (
        <RejectionForm confirmLabel="Reject suggestion" describedBy={headingId} busy={reject.isPending} onConfirm={(reason) => void run("reject", reason)} onCancel={rejection.close} />
      )}
    </article>
  );
}
