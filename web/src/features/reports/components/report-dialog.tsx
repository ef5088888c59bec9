import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { REPORT_DETAILS_MAX_LENGTH, reportReasons, useReportItem, type ReportReason, type ReportTarget } from "../api/report-item";
import styles from "./report-dialog.module.css";

export type ReportDialogProps = {
  target: ReportTarget;
  open: boolean;
  onClose: () => void;
};

/** Asks why the post or comment should be looked at; the admins see the reason in their Reports tab. */
export function ReportDialog({ target, open, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const report = useReportItem({
    mutationConfig: {
      onSuccess: (answer) => {
        notify.success(answer.message || "Thank you. The admins will look at your report.");
        setReason(null);
        setDetails("");
        onClose();
      },
    },
  });
  const needsDetails = reason === "other" && !details.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || needsDetails) return;
    report.mutate({ target, reason, details });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Report this ${target.kind}`}
      description="Tell the admins what is wrong. They decide what happens; nobody else sees your report."
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.reasons}>
          <legend className={formStyles.label}>Reason</legend>
          {reportReasons.map((option) => (
            <label key={option.value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={reason === "other" ? "What is wrong? (required)" : "Anything the admins should know? (optional)"}
          rows={3}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        {report.isError && <FormAlert>{apiErrorDetail(report.error) ?? "Your report could not be sent. Please try again."}</FormAlert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!reason || needsDetails} isLoading={report.isPending} loadingText="Sending...">
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
