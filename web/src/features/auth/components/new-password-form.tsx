import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { useSetNewPassword } from "../api/set-new-password";
import { newPasswordSchema, type NewPasswordValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import styles from "./auth-form.module.css";

export function NewPasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const setNewPassword = useSetNewPassword({ mutationConfig: { onSuccess: () => onSuccess(), onError: (error) => setServerError(authErrorMessage(error)) } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: "", confirm: "" } });

  const onSubmit = handleSubmit(({ password }) => {
    setServerError(null);
    setNewPassword.mutate(password);
  });

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <InputField label="New password" type="password" autoComplete="new-password" autoFocus error={errors.password?.message} {...register("password")} />
        <InputField label="Repeat the new password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
        <Button type="submit" block isLoading={setNewPassword.isPending} loadingText="Saving...">
          Save the new password
        </Button>
      </form>
    </div>
  );
}
