import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FieldComparison } from "@/components/diff-view/diff-view";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { postFieldsSchema, postFieldValues, type PostFieldValues } from "@/lib/post-fields";
import { changedPostFields, type PostFieldChanges } from "@/lib/post-fields-changes";
import type { InfoBox, Post } from "@/types/api";
import {
  NO_CHANGES_MESSAGE,
  NO_SUMMARY_MESSAGE,
  SUGGESTION_SUCCESS_MESSAGE,
  SUGGESTION_TOAST_MS,
  useSubmitEditSuggestion,
} from "../api/submit-edit-suggestion";
import { suggestedChanges } from "../utils/suggested-changes";
import styles from "./suggest-edit.module.css";

export type SuggestEditModalProps = { post: Post; infoBoxes: InfoBox[]; open: boolean; onClose: () => void };

/** Two steps (SPEC §2, §5): edit the fields, Next; then the summary and submit; Back to Edit returns. */
export function SuggestEditModal({ post, infoBoxes, open, onClose }: SuggestEditModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Suggest an edit" description="Media cannot be changed in suggestions. The moderators review every suggestion." size="large">
      {open && <SuggestEditSteps post={post} infoBoxes={infoBoxes} onClose={onClose} />}
    </Dialog>
  );
}

function SuggestEditSteps({ post, infoBoxes, onClose }: { post: Post; infoBoxes: InfoBox[]; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [changes, setChanges] = useState<PostFieldChanges>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [summary, setSummary] = useState("");
  const changesHeadingId = useId();
  const submission = useSubmitEditSuggestion({
    mutationConfig: {
      onSuccess: () => {
        notify.success(SUGGESTION_SUCCESS_MESSAGE, SUGGESTION_TOAST_MS);
        onClose();
      },
      onError: (error) => setAlert(error instanceof ApiError ? `Error: ${error.message}` : "An error occurred while submitting the suggestion."),
    },
  });
  // Once sent, the buttons stay locked while the dialog closes.
  const busy = submission.isPending || submission.isSuccess;

  const form = useForm<PostFieldValues>({ resolver: zodResolver(postFieldsSchema), defaultValues: postFieldValues(post, infoBoxes) });

  const next = form.handleSubmit((values) => {
    const found = changedPostFields(post, infoBoxes, values);
    if (Object.keys(found).length === 0) {
      setAlert(NO_CHANGES_MESSAGE);
      return;
    }
    setAlert(null);
    setChanges(found);
    setStep(2);
  });

  const submit = () => {
    if (!summary.trim()) {
      setAlert(NO_SUMMARY_MESSAGE);
      return;
    }
    setAlert(null);
    submission.mutate({ postId: post.id, changes, summary });
  };

  return (
    <div className={styles.steps}>
      <p className={styles.stepLabel} aria-live="polite">
        Step {step} of 2: {step === 1 ? "edit the post" : "describe your changes"}
      </p>
      {alert && <FormAlert>{alert}</FormAlert>}
      <form className={formStyles.form} hidden={step !== 1} onSubmit={next} noValidate aria-label="Suggested changes">
        <PostFieldset form={form} contentRows={14} infoBoxes={{ mode: "edit" }} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Next</Button>
        </div>
      </form>

      {step === 2 && (
        <div className={formStyles.form}>
          <section aria-labelledby={changesHeadingId}>
            <h3 id={changesHeadingId} className={styles.changesHeading}>
              Your changes
            </h3>
            {suggestedChanges(post, changes).map((change) => (
              <FieldComparison key={change.field} change={change} labels={sideLabels} />
            ))}
          </section>
          <TextAreaField
            label="Summary of your edits"
            rows={4}
            value={summary}
            placeholder="What did you change and why? Mention your sources."
            onChange={(event) => setSummary(event.target.value)}
            autoFocus
          />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setAlert(null);
                setStep(1);
              }}
              disabled={busy}
            >
              Back to Edit
            </Button>
            <Button onClick={submit} isLoading={busy} loadingText="Submitting...">
              Submit Suggestion
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The post as it is beside the member's edit. */
const sideLabels = { before: "Now", after: "Your edit" };
