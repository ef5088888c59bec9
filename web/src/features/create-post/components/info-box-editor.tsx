import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { formStyles } from "@/components/ui/form/form-alert";
import type { InfoBoxDraft } from "../api/create-post";
import { parseInfoBoxLines } from "../lib/parse";
import styles from "./create-post-form.module.css";

export type InfoBoxEditorProps = {
  boxes: InfoBoxDraft[];
  onChange: (boxes: InfoBoxDraft[]) => void;
  /** The box being typed, kept by the parent so it is not lost. */
  draft: { title: string; lines: string };
  onDraftChange: (draft: { title: string; lines: string }) => void;
};

/** Info boxes: a title and `key: value` lines; added only with a non-empty title (SPEC §5); removable. */
export function InfoBoxEditor({ boxes, onChange, draft, onDraftChange }: InfoBoxEditorProps) {
  const titleId = useId();
  const linesId = useId();
  const hintId = useId();
  const [touched, setTouched] = useState(false);
  const canAdd = draft.title.trim().length > 0;

  const add = () => {
    setTouched(true);
    if (!canAdd) return;
    onChange([...boxes, { title: draft.title.trim(), content: parseInfoBoxLines(draft.lines) }]);
    onDraftChange({ title: "", lines: "" });
    setTouched(false);
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>Info boxes</legend>
      <p className={formStyles.hint}>Quick facts shown beside the post. Optional.</p>
      {boxes.length > 0 && (
        <ul className={styles.boxList} aria-label="Added info boxes">
          {boxes.map((box, index) => (
            <li key={`${box.title}-${index}`} className={styles.box}>
              <div className={styles.boxHeader}>
                <strong>{box.title}</strong>
                <Button variant="ghost" size="small" onClick={() => onChange(boxes.filter((_, i) => i !== index))} aria-label={`Remove info box ${box.title}`}>
                  Remove
                </Button>
              </div>
              {Object.keys(box.content).length > 0 ? (
                <dl className={styles.boxContent}>
                  {Object.entries(box.content).map(([key, value]) => (
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
          ))}
        </ul>
      )}
      <div className={formStyles.field}>
        <label htmlFor={titleId} className={formStyles.label}>
          Info box title
        </label>
        <input
          id={titleId}
          className={formStyles.input}
          value={draft.title}
          onChange={(event) => onDraftChange({ ...draft, title: event.target.value })}
          aria-invalid={touched && !canAdd ? true : undefined}
          placeholder="e.g. Key facts"
        />
      </div>
      <div className={formStyles.field}>
        <label htmlFor={linesId} className={formStyles.label}>
          Info box content
        </label>
        <textarea
          id={linesId}
          className={formStyles.input}
          rows={4}
          value={draft.lines}
          onChange={(event) => onDraftChange({ ...draft, lines: event.target.value })}
          aria-describedby={hintId}
          placeholder={"Date: June 24, 2025\nLocation: Online"}
        />
        <span id={hintId} className={formStyles.hint}>
          One fact per line as key: value. Lines without a colon or without a key are ignored.
        </span>
      </div>
      {touched && !canAdd && <p className={formStyles.error}>Give the info box a title first.</p>}
      <div>
        <Button variant="secondary" size="small" onClick={add} aria-disabled={!canAdd}>
          Add info box
        </Button>
      </div>
    </fieldset>
  );
}
