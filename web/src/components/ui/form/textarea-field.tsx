import type { TextareaHTMLAttributes } from "react";
import { labelledControl, type FieldProps } from "./labelled-field";

export type TextAreaFieldProps = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

/** A labelled textarea with its hint and validation message wired to it. */
export const TextAreaField = labelledControl<TextAreaFieldProps>((props) => <textarea {...props} />);
