import { useState } from "react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import type { InfoBoxDraft, PostFieldValues } from "@/lib/post-fields";
import { parseInfoBoxLines } from "@/lib/post-fields-parse";
import styles from "./post-fields.module.css";

export type InfoBoxComposerProps = {
  form: UseFormReturn<PostFieldValues>;
  legend: string;
  /** The box being typed, kept by the form so that a titled box not yet added is still sent. */
  draft: InfoBoxDraft;
  onDraftChange: (draft: InfoBoxDraft) => void;
};

/** Info boxes of a new post: type a title and `key: value` lines, then add; added boxes are listed and removable (SPEC §5). */
export function InfoBoxComposer({ form, legend, draft, onDraftChange }: InfoBoxComposerProps) {
  const boxes = useFieldArray({ control: form.control, name: "infoBoxes" });
  const [touched, setTouched] = useState(false);
  const canAdd = draft.title.trim().length > 0;

  const add = () => {
    setTouched(true);
    if (!canAdd) return;
    boxes.append({ title: draft.title.trim(), lines: draft.lines });
    onDraftChange({ title: "", lines: "" });
    setTouched(false);
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <p className={formStyles.hint}>Quick facts shown beside the post. Optional.</p>
      {boxes.fields.length > 0 && (
        <ul className={styles.boxList} aria-label="Added info boxes">
          {boxes.fields.map((box, index) => {
            const entries = parseInfoBoxLines(box.lines);
            return (
              <li key={box.id} className={styles.box}>
                <div className={styles.boxHeader}>
                  <strong>{box.title}</strong>
                  <Button variant="ghost" size="small" onClick={() => boxes.remove(index)} aria-label={`Remove info box ${box.title}`}>
                    Remove
                  </Button>
                </div>
                {entries.length > 0 ? (
                  <dl className={styles.boxContent}>
                    {entries.map(([key, value]) => (
                      <div key={key}>
                        <dt>{key}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className={formStyles.hint}>No entries.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <InputField
        label="Info box title"
        value={draft.title}
        onChange={(event) => onDraftChange({ ...draft, title: event.target.value })}
        error={touched && !canAdd ? "Give the info box a title first." : undefined}
        placeholder="e.g. Key facts"
      />
      <TextAreaField
        label="Info box content"
        rows={4}
        value={draft.lines}
        onChange={(event) => onDraftChange({ ...draft, lines: event.target.value })}
        hint="One fact per line as key: value. Lines without a colon or without a key are ignored."
        placeholder={"Date: June 24, 2025\nLocation: Online"}
      />
      <div>
        <Button variant="secondary" size="small" onClick={add} aria-disabled={!canAdd}>
          Add info box
        </Button>
      </div>
    </fieldset>
  );
}
