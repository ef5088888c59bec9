import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { apiErrorDetail } from "@/lib/api-client";
import { useReasonDialog } from "@/hooks/use-reason-dialog";
import { notify } from "@/lib/notify";
import { useHideRevision } from "../api/hide-revision";
import { useUnhideRevision } from "../api/unhide-revision";
import { contentHiddenText } from "./revision-label";
import styles from "./history.module.css";

type RevisionActionProps = {
  revisionId: number;
  /** The id of the text that names the revision (its date and kind), for the button's description. */
  describedBy: string;
};

/**
 * An admin's "Hide content": the revision's fields and reason are shown to
 * admins only from then on; the reason for hiding goes to the moderation log.
 * Render it for admins only, and not on the latest revision (the post as it
 * stands), which the server refuses.
 */
export function HideRevisionButton({ revisionId, describedBy }: RevisionActionProps) {
  const dialog = useReasonDialog();
  const reason = dialog.reason.trim();
  const hide = useHideRevision({ mutationConfig: { onSuccess: (answer) => dialog.succeeded(answer.message || "The revision's content is hidden.") } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) hide.mutate({ revisionId, reason });
  };

  return (
    <>
      <Button variant="secondary" size="small" aria-describedby={describedBy} onClick={dialog.show}>
        Hide content
      </Button>
      <Dialog
        open={dialog.open}
        onClose={dialog.close}
        title="Hide this revision's content"
        description={`Its fields and reason will be shown to admins only. Everyone else sees it in the history as “${contentHiddenText}”, with its date and kind.`}
      >
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextAreaField label="Reason (for the moderation log)" rows={3} maxLength={500} value={dialog.reason} onChange={(event) => dialog.setReason(event.target.value)} />
          {hide.isError && <FormAlert>{apiErrorDetail(hide.error) ?? "The content could not be hidden."}</FormAlert>}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={dialog.close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!reason} isLoading={hide.isPending} loadingText="Hiding...">
              Hide content
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** An admin's "Show content again" on a hidden revision. Render it for admins only. */
export function UnhideRevisionButton({ revisionId, describedBy }: RevisionActionProps) {
  const confirm = useConfirm();
  const unhide = useUnhideRevision({
    mutationConfig: {
      onSuccess: (answer) => notify.success(answer.message || "The revision's content is shown again."),
      onError: (error) => notify.error(`Error: ${apiErrorDetail(error) ?? "The content could not be shown again."}`),
    },
  });

  const run = async () => {
    const sure = await confirm("Everyone will see this revision's fields and reason again.", {
      title: "Show content again",
      confirmLabel: "Show content again",
    });
    if (sure) unhide.mutate({ revisionId });
  };

  return (
    <Button variant="secondary" size="small" aria-describedby={describedBy} isLoading={unhide.isPending} loadingText="Showing..." onClick={() => void run()}>
      Show content again
    </Button>
  );
}
