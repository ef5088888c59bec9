import { useId, type ReactNode, type Ref } from "react";
import styles from "./form.module.css";

/** The props of a labelled control: the element's own attributes, its label, hint and validation message. */
export type FieldProps<Attributes, Element> = Attributes & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<Element>;
};

/** The class of a text control (input, textarea, select), with the caller's own. */
export const controlClass = (className?: string) => [styles.input, className].filter(Boolean).join(" ");

export type LabelledFieldProps = {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The control, given the id and aria attributes that tie it to its label, hint and message. */
  children: (control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => ReactNode;
};

/** A form control with its label above and its hint and validation message below, wired to it. */
export function LabelledField({ id, label, hint, error, children }: LabelledFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A field component for one kind of text control (input, textarea): the
 * caller's props go to the element `render` draws, after the ids and aria
 * attributes that wire it to its label, hint and message.
 */
export function labelledControl<Props extends FieldProps<{ id?: string; className?: string }, unknown>>(
  render: (control: Omit<Props, "label" | "error" | "hint">) => ReactNode,
) {
  return function LabelledControl({ label, error, hint, ...rest }: Props) {
    return (
      <LabelledField id={rest.id} label={label} hint={hint} error={error}>
        {(control) => render({ ...control, ...rest, id: control.id, className: controlClass(rest.className) })}
      </LabelledField>
    );
  };
}
