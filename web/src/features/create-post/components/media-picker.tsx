import { useEffect, useId, useRef } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { formStyles } from "@/components/ui/form/form-alert";
import { acceptedMediaTypes, formatBytes, mediaHelpText, mediaLimits, mediaProblem, tooManyFilesProblem } from "@/lib/post-fields-media";
import fieldStyles from "@/components/post-fields/post-fields.module.css";
import styles from "./create-post-form.module.css";

export type MediaItem = { key: string; file: File; url: string };

let counter = 0;

/** Several images and videos with previews (object URLs), removable before sending. */
export function MediaPicker({
  items,
  onChange,
  problems,
  onProblems,
  disabled,
}: {
  items: MediaItem[];
  onChange: (items: MediaItem[]) => void;
  problems: string[];
  onProblems: (problems: string[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  // Free the previews when the form goes away.
  useEffect(() => () => itemsRef.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const next = [...items];
    const found: string[] = [];
    for (const file of Array.from(files)) {
      const problem = mediaProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      if (next.length >= mediaLimits.maxFiles) {
        found.push(tooManyFilesProblem(file));
        continue;
      }
      counter += 1;
      next.push({ key: `${counter}-${file.name}`, file, url: URL.createObjectURL(file) });
    }
    onProblems(found);
    onChange(next);
  };

  const remove = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item) URL.revokeObjectURL(item.url);
    onChange(items.filter((candidate) => candidate.key !== key));
  };

  return (
    <fieldset className={fieldStyles.fieldset}>
      <legend>Media</legend>
      <div className={formStyles.field}>
        <label htmlFor={inputId} className={formStyles.label}>
          Images and videos
        </label>
        {/* The native input shows "No file chosen" beside files it just handed over (its value is cleared to allow adding more):
            hidden, with a button-like label, and the chosen files listed below. */}
        <input
          id={inputId}
          className={`visually-hidden ${styles.fileInput}`}
          type="file"
          multiple
          accept={acceptedMediaTypes}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = "";
          }}
        />
        <label htmlFor={inputId} className={buttonClassName({ variant: "secondary" }, styles.chooseFiles)} aria-hidden="true">
          {items.length ? "Add more images or videos" : "Choose images or videos"}
        </label>
        <span id={hintId} className={formStyles.hint}>
          {mediaHelpText}
        </span>
      </div>
      {problems.length > 0 && (
        <ul role="alert" className={styles.problems}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className={styles.mediaList} aria-label="Selected media">
          {items.map((item) => (
            <li key={item.key} className={styles.mediaItem}>
              {item.file.type.startsWith("video/") ? (
                <video src={item.url} controls muted preload="metadata" aria-label={`Preview of ${item.file.name}`} />
              ) : (
                <img src={item.url} alt={`Preview of ${item.file.name}`} />
              )}
              <span className={styles.mediaName}>
                {item.file.name} <span className={formStyles.hint}>({formatBytes(item.file.size)})</span>
              </span>
              <Button variant="ghost" size="small" disabled={disabled} onClick={() => remove(item.key)} aria-label={`Remove ${item.file.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
