import type { InputHTMLAttributes } from "react";
import { labelledControl, type FieldProps } from "./labelled-field";

export type InputFieldProps = FieldProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>;

/** A labelled input with its hint and validation message wired to it. */
export const InputField = labelledControl<InputFieldProps>((props) => <input {...props} />);
