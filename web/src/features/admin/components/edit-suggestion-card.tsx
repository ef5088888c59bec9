import { useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { notify } from "@/lib/notify";
import type { EditSuggestion } from "@/types/api";
import { useApproveEditSuggestion } from "../api/approve-edit-suggestion";
import { useRejectEditSuggestion } from "../api/reject-edit-suggestion";
import { formatTimestamp } from "@/lib/field-changes";
import { changedFields } from "../lib/suggestion-fields";
import { FieldComparison } from "@/components/diff-view/diff-view";
import { RejectionForm } from "./rejection-form";
import styles from "./admin.module.css";

type SuggestionAction = "approve" | "reject";

export function EditSuggestionCard({ suggestion }: { suggestion: EditSuggestion }) {
  const approve = useApproveEditSuggestion();
  const reject = useRejectEditSuggestion();
  const [rejecting, setRejecting] = useState(false);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const reviewing = approve.isPending || reject.isPending;
  const changes = changedFields(suggestion);
  const headingId = `edit-suggestion-${suggestion.id}`;

  const closeRejection = () => {
    setRejecting(false);
    rejectRef.current?.focus();
  };

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
          <h3 id={headingId} className={styles.cardTitle}>
            Edit to <Link to={paths.post(suggestion.post_id)}>{suggestion.post_title}</Link>
          </h3>
          <p className={styles.meta}>
            Suggested by <strong>{suggestion.user_name ?? "Unknown user"}</strong> on{" "}
            <time dateTime={suggestion.created_at}>{formatTimestamp(suggestion.created_at)}</time>
          </p>
        </div>
        <div className={styles.cardActions}>
          <Button variant="success" size="small" disabled={reviewing} aria-describedby={headingId} onClick={() => void run("approve")}>
            Approve
          </Button>
          <Button
            ref={rejectRef}
            variant="danger"
            size="small"
            disabled={reviewing}
            aria-describedby={headingId}
            aria-expanded={rejecting}
            onClick={() => setRejecting((open) => !open)}
          >
            Reject
          </Button>
        </div>
      </header>
      <div className={styles.summary}>
        <span className={styles.sideLabel}>Summary</span>
        <p>{suggestion.summary}</p>
      </div>
      {changes.length === 0 ? (
        <p className={styles.muted}>No field changes.</p>
      ) : (
        changes.map((change) => <FieldComparison key={change.field} change={change} />)
      )}
      {rejecting && (
        <RejectionForm
          confirmLabel="Reject suggestion"
          describedBy={headingId}
          busy={reject.isPending}
          onConfirm={(reason) => void run("reject", reason)}
          onCancel={closeRejection}
        />
      )}
    </article>
  );
}
