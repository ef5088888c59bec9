import type { Ref } from "react";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import styles from "./admin.module.css";

/** The database's limit on a rejection's reason (private.normalize_rejection_reason). */
export const rejectionReasonMaxLength = 500;

type Props = { value: string; onChange: (reason: string) => void; disabled?: boolean; ref?: Ref<HTMLTextAreaElement> };

/** The optional reason an admin gives when turning something down; its author reads it. */
export function RejectionReasonField({ value, onChange, disabled, ref }: Props) {
  return (
    <TextAreaField
      ref={ref}
      label="Reason for rejecting (optional)"
      hint="Shown to the author."
      className={styles.reason}
      rows={2}
      maxLength={rejectionReasonMaxLength}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
