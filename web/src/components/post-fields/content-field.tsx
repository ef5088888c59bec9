import { useId, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { MarkdownTabs } from "@/components/markdown/markdown-tabs";
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
  const content = useWatch({ control: form.control, name: "content" });
  const error = form.formState.errors.content;
  const labelElement = (
    <label htmlFor={id} className={formStyles.label}>
      {label}
    </label>
  );
  const textarea = (
    <textarea id={id} rows={rows} className={`${formStyles.input} ${styles.mono}`} aria-invalid={error ? true : undefined} {...form.register("content")} />
  );
  return (
    <div className={formStyles.field}>
      {preview ? (
        <MarkdownTabs label={labelElement} source={content} renderPreview={preview} previewLabel="Content preview">
          {textarea}
        </MarkdownTabs>
      ) : (
        <>
          {labelElement}
          {textarea}
        </>
      )}
      {error && <p className={formStyles.error}>{error.message}</p>}
    </div>
  );
}
