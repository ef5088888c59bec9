import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { authErrorMessage, setNewPassword } from "../api/auth";
import { newPasswordSchema, type NewPasswordValues } from "../schemas";
import styles from "./auth-form.module.css";

export function NewPasswordForm({ onSuccess, submit = setNewPassword }: { onSuccess: () => void; submit?: (password: string) => Promise<void> }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: "", confirm: "" } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await submit(password);
      onSuccess();
    } catch (error) {
      setServerError(authErrorMessage(error));
    }
  });

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <InputField label="New password" type="password" autoComplete="new-password" autoFocus error={errors.password?.message} {...register("password")} />
        <InputField label="Repeat the new password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
        <Button type="submit" block isLoading={isSubmitting} loadingText="Saving...">
          Save the new password
        </Button>
      </form>
    </div>
  );
}
