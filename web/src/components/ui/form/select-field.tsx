import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { controlClass, LabelledField } from "./labelled-field";

export type SelectOption = { value: string; label: string };

/** A select's options, each shown by its label. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled select, wired to its label like the other fields. */
export function SelectField({ label, options, id, className, ref, ...rest }: SelectFieldProps) {
  return (
    <LabelledField id={id} label={label}>
      {(control) => (
        <select ref={ref} className={controlClass(className)} {...control} {...rest}>
          <SelectOptions options={options} />
        </select>
      )}
    </LabelledField>
  );
}
