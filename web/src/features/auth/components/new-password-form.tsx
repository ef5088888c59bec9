import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { useSetNewPassword } from "../api/set-new-password";
import { newPasswordSchema, type NewPasswordValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import styles from "./auth-form.module.css";

/** Auth's refusals that belong to one field (supabase/auth internal/api/user.go), in the site's words. */
function fieldError(error: unknown): { name: keyof NewPasswordValues; message: string } | undefined {
  const code = error && typeof error === "object" && "code" in error ? error.code : undefined;
  if (code === "current_password_invalid") return { name: "currentPassword", message: "That is not your current password" };
  if (code === "current_password_required") return { name: "currentPassword", message: "Enter your current password" };
  if (code === "same_password") return { name: "password", message: "Choose a password other than your current one" };
  return undefined;
}

type NewPasswordFormProps = {
  /** False when the session began with an e-mail link: Auth then needs no current password. */
  needsCurrent: boolean;
  onSuccess: () => void;
  autoFocus?: boolean;
};

export function NewPasswordForm({ needsCurrent, onSuccess, autoFocus = false }: NewPasswordFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema(needsCurrent)),
    defaultValues: { currentPassword: "", password: "", confirm: "" },
  });
  const setNewPassword = useSetNewPassword({
    mutationConfig: {
      onSuccess: () => onSuccess(),
      onError: (error) => {
        const field = fieldError(error);
        if (field) setError(field.name, { message: field.message }, { shouldFocus: true });
        else setServerError(authErrorMessage(error));
      },
    },
  });

  const onSubmit = handleSubmit(({ currentPassword, password }) => {
    setServerError(null);
    setNewPassword.mutate({ password, currentPassword: needsCurrent ? currentPassword : undefined });
  });

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        {needsCurrent && (
          <>
            <InputField
              label="Current password"
              type="password"
              autoComplete="current-password"
              autoFocus={autoFocus}
              error={errors.currentPassword?.message}
              {...register("currentPassword")}
            />
            <p className={styles.forgot}>
              <Link to={paths.forgotPassword}>Forgot your password?</Link>
            </p>
          </>
        )}
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus={autoFocus && !needsCurrent}
          error={errors.password?.message}
          {...register("password")}
        />
        <InputField label="Repeat the new password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
        <Button type="submit" isLoading={setNewPassword.isPending} loadingText="Saving...">
          Save the new password
        </Button>
      </form>
    </div>
  );
}
