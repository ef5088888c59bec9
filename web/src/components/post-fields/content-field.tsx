import { useId, useState, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { formStyles } from "@/components/ui/form/form-alert";
import type { PostFieldValues } from "@/lib/post-fields";
import styles from "./post-fields.module.css";

export type ContentFieldProps = {
  form: UseFormReturn<PostFieldValues>;
  label: string;
  rows: number;
  /** When given, Write and Preview tabs show the rendered markdown. */
  preview?: (source: string) => ReactNode;
};

/** The markdown content of a post, with an optional preview. */
export function ContentField({ form, label, rows, preview }: ContentFieldProps) {
  const id = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const content = useWatch({ control: form.control, name: "content" });
  const error = form.formState.errors.content;
  const labelElement = (
    <label htmlFor={id} className={formStyles.label}>
      {label}
    </label>
  );
  return (
    <div className={formStyles.field}>
      {preview ? (
        <div className={styles.contentHeader}>
          {labelElement}
          <div className={styles.tabs} role="group" aria-label="Content view">
            <button type="button" className={styles.tab} aria-pressed={tab === "write"} onClick={() => setTab("write")}>
              Write
            </button>
            <button type="button" className={styles.tab} aria-pressed={tab === "preview"} onClick={() => setTab("preview")}>
              Preview
            </button>
          </div>
        </div>
      ) : (
        labelElement
      )}
      <textarea
        id={id}
        rows={rows}
        className={`${formStyles.input} ${styles.mono}`}
        hidden={tab !== "write"}
        aria-invalid={error ? true : undefined}
        {...form.register("content")}
      />
      {preview && tab === "preview" && (
        <div className={styles.preview} aria-label="Content preview">
          {content.trim() ? preview(content) : <p className={formStyles.hint}>Nothing to preview yet.</p>}
        </div>
      )}
      {error && <p className={formStyles.error}>{error.message}</p>}
    </div>
  );
}
