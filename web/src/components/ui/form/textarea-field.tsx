import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { LabelledField } from "./labelled-field";
import styles from "./form.module.css";

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled textarea with its hint and validation message wired to it. */
export function TextAreaField({ label, error, hint, id, className, ref, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => <textarea ref={ref} className={[styles.input, className].filter(Boolean).join(" ")} {...control} {...rest} />}
    </LabelledField>
  );
}
