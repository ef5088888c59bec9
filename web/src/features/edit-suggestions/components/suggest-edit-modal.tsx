import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query-keys";
import type { InfoBox, Post } from "@/types/api";
import {
  changedFields,
  editFieldsSchema,
  initialEditFields,
  NO_CHANGES_MESSAGE,
  NO_SUMMARY_MESSAGE,
  submitEditSuggestion,
  SUGGESTION_SUCCESS_MESSAGE,
  SUGGESTION_TOAST_MS,
  type EditFields,
  type EditSuggestionChanges,
} from "../api/submit-edit-suggestion";
import styles from "./suggest-edit.module.css";

export type SuggestEditModalProps = { post: Post; infoBoxes: InfoBox[]; open: boolean; onClose: () => void };

/** Two steps (SPEC §2, §5): edit the fields, Next; then the summary and submit; Back to Edit returns. */
export function SuggestEditModal({ post, infoBoxes, open, onClose }: SuggestEditModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Suggest an edit" description="Media cannot be changed in suggestions. An admin reviews every suggestion." size="large">
      {open && <SuggestEditSteps post={post} infoBoxes={infoBoxes} onClose={onClose} />}
    </Dialog>
  );
}

function SuggestEditSteps({ post, infoBoxes, onClose }: { post: Post; infoBoxes: InfoBox[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const ids = { excerpt: useId(), content: useId(), citations: useId(), date: useId(), time: useId(), summary: useId() };
  const [step, setStep] = useState<1 | 2>(1);
  const [changes, setChanges] = useState<EditSuggestionChanges>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [summary, setSummary] = useState("");
  const [busy, setBusy] = useState(false);

  const { register, handleSubmit, control, formState: { errors } } = useForm<EditFields>({
    resolver: zodResolver(editFieldsSchema),
    defaultValues: initialEditFields(post, infoBoxes),
  });
  const boxes = useFieldArray({ control, name: "infoBoxes" });
  const timeUnknown = useWatch({ control, name: "timeUnknown" });

  const next = handleSubmit((values) => {
    const found = changedFields(post, infoBoxes, values);
    if (Object.keys(found).length === 0) {
      setAlert(NO_CHANGES_MESSAGE);
      return;
    }
    setAlert(null);
    setChanges(found);
    setStep(2);
  });

  const submit = async () => {
    if (!summary.trim()) {
      setAlert(NO_SUMMARY_MESSAGE);
      return;
    }
    setAlert(null);
    setBusy(true);
    try {
      await submitEditSuggestion(post.id, changes, summary);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pendingEditSuggestions });
      notify.success(SUGGESTION_SUCCESS_MESSAGE, SUGGESTION_TOAST_MS);
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? `Error: ${error.message}` : "An error occurred while submitting the suggestion.";
      setAlert(message);
      setBusy(false);
    }
  };

  return (
    <div className={styles.steps}>
      <p className={styles.stepLabel} aria-live="polite">
        Step {step} of 2: {step === 1 ? "edit the post" : "describe your changes"}
      </p>
      {alert && <FormAlert>{alert}</FormAlert>}
      <form className={formStyles.form} hidden={step !== 1} onSubmit={next} noValidate aria-label="Suggested changes">
        <InputField label="Title" error={errors.title?.message} {...register("title")} />
        <div className={formStyles.field}>
          <label htmlFor={ids.excerpt} className={formStyles.label}>
            Lead summary
          </label>
          <textarea id={ids.excerpt} rows={3} className={formStyles.input} aria-invalid={errors.excerpt ? true : undefined} {...register("excerpt")} />
          {errors.excerpt && <p className={formStyles.error}>{errors.excerpt.message}</p>}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.content} className={formStyles.label}>
            Content (Markdown)
          </label>
          <textarea id={ids.content} rows={14} className={`${formStyles.input} ${styles.mono}`} aria-invalid={errors.content ? true : undefined} {...register("content")} />
          {errors.content && <p className={formStyles.error}>{errors.content.message}</p>}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={ids.citations} className={formStyles.label}>
            References
          </label>
          <textarea id={ids.citations} rows={3} className={formStyles.input} {...register("citations")} />
        </div>
        <InputField label="Categories" hint="Separate categories with commas." {...register("tags")} />
        <CheckboxField label="NSFW (not safe for work)" {...register("isNSFW")} />
        <fieldset className={styles.fieldset}>
          <legend>Event date and time</legend>
          <div className={formStyles.row}>
            <div className={formStyles.field}>
              <label htmlFor={ids.date} className={formStyles.label}>
                Event date
              </label>
              <input id={ids.date} type="date" className={formStyles.input} {...register("eventDate")} />
            </div>
            <div className={formStyles.field}>
              <label htmlFor={ids.time} className={formStyles.label}>
                Event time
              </label>
              <input id={ids.time} type="time" className={formStyles.input} disabled={timeUnknown} {...register("eventTime")} />
            </div>
          </div>
          <CheckboxField label="Time unknown" {...register("timeUnknown")} />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Info boxes</legend>
          <p className={formStyles.hint}>One fact per line as key: value. Boxes without a title are left out.</p>
          {boxes.fields.map((field, index) => (
            <div key={field.id} className={styles.box}>
              <InputField label={`Info box ${index + 1} title`} {...register(`infoBoxes.${index}.title`)} />
              <label className={formStyles.field}>
                <span className={formStyles.label}>Info box {index + 1} content</span>
                <textarea rows={3} className={formStyles.input} {...register(`infoBoxes.${index}.lines`)} />
              </label>
              <div>
                <Button variant="ghost" size="small" onClick={() => boxes.remove(index)}>
                  Remove info box {index + 1}
                </Button>
              </div>
            </div>
          ))}
          <div>
            <Button variant="secondary" size="small" onClick={() => boxes.append({ title: "", lines: "" })}>
              Add info box
            </Button>
          </div>
        </fieldset>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Next</Button>
        </div>
      </form>

      {step === 2 && (
        <div className={formStyles.form}>
          <p className={formStyles.hint}>
            You changed: {changeNames(changes).join(", ")}.
          </p>
          <div className={formStyles.field}>
            <label htmlFor={ids.summary} className={formStyles.label}>
              Summary of your edits
            </label>
            <textarea
              id={ids.summary}
              rows={4}
              className={formStyles.input}
              value={summary}
              placeholder="What did you change and why? Mention your sources."
              onChange={(event) => setSummary(event.target.value)}
              autoFocus
            />
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => { setAlert(null); setStep(1); }} disabled={busy}>
              Back to Edit
            </Button>
            <Button onClick={() => void submit()} isLoading={busy} loadingText="Submitting...">
              Submit Suggestion
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

const fieldNames: Record<string, string> = {
  title: "title",
  excerpt: "lead summary",
  content: "content",
  tags: "categories",
  citations: "references",
  is_nsfw: "NSFW",
  event_timestamp: "event date",
  infoBoxes: "info boxes",
};

function changeNames(changes: EditSuggestionChanges): string[] {
  return Object.keys(changes).filter((key) => key in fieldNames).map((key) => fieldNames[key]);
}
