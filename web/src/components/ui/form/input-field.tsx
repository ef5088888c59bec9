import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { LabelledField } from "./labelled-field";
import styles from "./form.module.css";

export type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and validation message wired to it. */
export function InputField({ label, error, hint, id, className, ref, ...rest }: InputFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(control) => <input ref={ref} className={[styles.input, className].filter(Boolean).join(" ")} {...control} {...rest} />}
    </LabelledField>
  );
}
