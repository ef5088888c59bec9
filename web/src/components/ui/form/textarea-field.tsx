import type { TextareaHTMLAttributes } from "react";
import { controlClass, LabelledField, type FieldProps } from "./labelled-field";

export type TextAreaFieldProps = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

/** A labelled textarea with its hint and validation message wired to it. */
export function TextAreaField({ label, error, hint, id, className, ref, ...rest }: TextAreaFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => <textarea ref={ref} className={controlClass(className)} {...control} {...rest} />}
    </LabelledField>
  );
}
