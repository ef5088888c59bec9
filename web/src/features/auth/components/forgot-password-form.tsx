import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { authErrorMessage, requestPasswordReset } from "../api/auth";
import { forgotPasswordSchema, type ForgotPasswordValues } from "../schemas";
import styles from "./auth-form.module.css";

/** Asks for the recovery e-mail; the answer never says whether the address has an account. */
export function ForgotPasswordForm({ submit = requestPasswordReset }: { submit?: (email: string) => Promise<void> }) {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await submit(email);
      setSent(true);
    } catch (error) {
      setServerError(authErrorMessage(error));
    }
  });

  if (sent) return <FormNotice>If an account exists for that e-mail, we sent a link.</FormNotice>;

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Reset your password">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <InputField label="E-mail" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register("email")} />
        <Button type="submit" block isLoading={isSubmitting} loadingText="Sending...">
          Send the link
        </Button>
      </form>
      <p className={styles.switch}>
        Remembered it? <Link to={paths.signIn}>Log in</Link>
      </p>
    </div>
  );
}
