import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { useSignUp } from "../api/sign-up";
import { useAuthForm } from "../hooks/use-auth-form";
import { signUpSchema, type SignUpValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import { AuthFormFrame } from "./auth-form-frame";
import { ChosenPasswordField } from "./chosen-password-field";

export type SignUpFormProps = {
  onSuccess: () => void;
  /** Shows "Log in" as a button calling this (in the modal); otherwise a link to /sign-in. */
  onSwitch?: () => void;
  /** Focus the first field on mount (in a modal). */
  autoFocus?: boolean;
};

export function SignUpForm({ onSuccess, onSwitch, autoFocus }: SignUpFormProps) {
  const form = useAuthForm<SignUpValues>(
    { resolver: zodResolver(signUpSchema), defaultValues: { firstName: "", lastName: "", email: "", password: "", adultConfirmed: false } },
    "firstName",
    autoFocus,
  );
  const { register, errors } = form;
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  const signUp = useSignUp({
    mutationConfig: {
      onSuccess: (result, values) => {
        if (result.signedIn) onSuccess();
        else setConfirmEmail(values.email);
      },
      onError: (error) => form.setServerError(authErrorMessage(error)),
    },
  });

  if (confirmEmail) {
    return <FormNotice>Check your e-mail to confirm your account. We sent a link to {confirmEmail}.</FormNotice>;
  }

  return (
    <AuthFormFrame screen="signUp" form={form} onSubmit={form.submitWith(signUp.mutate)} onSwitch={onSwitch}>
      <div className={formStyles.row}>
        <InputField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
        <InputField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
      </div>
      <InputField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <ChosenPasswordField error={errors.password?.message} {...register("password")} />
      <CheckboxField label="I am 18 or older" error={errors.adultConfirmed?.message} {...register("adultConfirmed")} />
      <Button type="submit" block isLoading={signUp.isPending} loadingText="Creating account...">
        Create account
      </Button>
    </AuthFormFrame>
  );
}
