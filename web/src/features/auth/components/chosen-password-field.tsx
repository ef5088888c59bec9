import { InputField, type InputFieldProps } from "@/components/ui/form/input-field";
import { PASSWORD_MIN_LENGTH } from "../schemas";

/** The password someone chooses for a new account (sign-up, an invitation), with the rule it must meet. */
export function ChosenPasswordField(props: Omit<InputFieldProps, "label" | "type">) {
  return <InputField label="Password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} {...props} />;
}
