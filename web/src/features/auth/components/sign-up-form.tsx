import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { useSignUp } from "../api/sign-up";
import { useAuthForm } from "../hooks/use-auth-form";
import { signUpSchema, type SignUpValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import { ChosenPasswordField } from "./chosen-password-field";
import { SocialButtons } from "./social-buttons";
import { SwitchFormLink } from "./switch-form-link";
import styles from "./auth-form.module.css";

export type SignUpFormProps = {
  onSuccess: () => void;
  /** Shows "Log in" as a button calling this (in the modal); otherwise a link to /sign-in. */
  onSwitch?: () => void;
  /** Focus the first field on mount (in a modal). */
  autoFocus?: boolean;
};

export function SignUpForm({ onSuccess, onSwitch, autoFocus }: SignUpFormProps) {
  const { register, errors, serverError, setServerError, submitWith } = useAuthForm<SignUpValues>(
    { resolver: zodResolver(signUpSchema), defaultValues: { firstName: "", lastName: "", email: "", password: "", adultConfirmed: false } },
    "firstName",
    autoFocus,
  );
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);
  const signUp = useSignUp({
    mutationConfig: {
      onSuccess: (result, values) => {
        if (result.signedIn) onSuccess();
        else setConfirmEmail(values.email);
      },
      onError: (error) => setServerError(authErrorMessage(error)),
    },
  });

  const onSubmit = submitWith(signUp.mutate);

  if (confirmEmail) {
    return <FormNotice>Check your e-mail to confirm your account. We sent a link to {confirmEmail}.</FormNotice>;
  }

  return (
    <div className={styles.wrapper}>
      <SocialButtons onError={setServerError} />
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        {serverError && <FormAlert>{serverError}</FormAlert>}
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
      </form>
      <SwitchFormLink question="Already have an account?" label="Log in" to={paths.signIn} onSwitch={onSwitch} />
    </div>
  );
}
