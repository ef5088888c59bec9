import type { InputHTMLAttributes } from "react";
import { controlClass, LabelledField, type FieldProps } from "./labelled-field";

export type InputFieldProps = FieldProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

/** A labelled input with its hint and validation message wired to it. */
export function InputField({ label, error, hint, id, className, ref, ...rest }: InputFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => <input ref={ref} className={controlClass(className)} {...control} {...rest} />}
    </LabelledField>
  );
}
