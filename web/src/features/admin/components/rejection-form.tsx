import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { RejectionReasonField } from "./rejection-reason-field";
import styles from "./admin.module.css";

type Props = {
  /** The confirming button's text: "Reject post", "Reject suggestion". */
  confirmLabel: string;
  /** What is being turned down, for screen readers: the card's heading. */
  describedBy: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Opened by a card's Deny or Reject: the optional reason, then the rejection itself or Cancel. */
export function RejectionForm({ confirmLabel, describedBy, busy, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState("");
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  // The admin pressed Deny to write the reason: the cursor waits in its box.
  useEffect(() => reasonRef.current?.focus(), []);

  return (
    <form
      className={styles.rejection}
      aria-label={confirmLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !busy) onCancel();
      }}
    >
      <RejectionReasonField ref={reasonRef} value={reason} onChange={setReason} disabled={busy} />
      <div className={styles.rejectionActions}>
        <Button variant="secondary" size="small" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" size="small" isLoading={busy} loadingText="Rejecting..." aria-describedby={describedBy}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
