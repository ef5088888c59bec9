import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { forgotPasswordSchema, type ForgotPasswordValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import styles from "./auth-form.module.css";

/** Asks for the recovery e-mail; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(({ email }) => requestReset.mutate(email));

  if (requestReset.isSuccess) return <FormNotice>If an account exists for that e-mail, we sent a link.</FormNotice>;

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Reset your password">
        {requestReset.isError && <FormAlert>{authErrorMessage(requestReset.error)}</FormAlert>}
        <InputField label="E-mail" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...register("email")} />
        <Button type="submit" block isLoading={requestReset.isPending} loadingText="Sending...">
          Send the link
        </Button>
      </form>
      <p className={styles.switch}>
        Remembered it? <Link to={paths.signIn}>Log in</Link>
      </p>
    </div>
  );
}
