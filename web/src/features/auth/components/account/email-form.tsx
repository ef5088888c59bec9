import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { useRequestEmailChange } from "../../api/request-email-change";
import { forgotPasswordSchema, type ForgotPasswordValues } from "../../schemas";
import { authErrorMessage } from "../../utils/auth-error-message";

/** A new address, pending until the links Auth sends to the old and the new one are opened. */
export function EmailForm({ current, pending }: { current: string; pending: string | null }) {
  const [requested, setRequested] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const requestEmailChange = useRequestEmailChange({
    mutationConfig: { onSuccess: (_, email) => setRequested(email), onError: (error) => setServerError(authErrorMessage(error)) },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(({ email }) => {
    setServerError(null);
    if (email.toLowerCase() === current.toLowerCase()) {
      setError("email", { message: "That is already your e-mail address" });
      return;
    }
    requestEmailChange.mutate(email);
  });

  const waiting = requested ?? pending;
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="E-mail address">
      <p>
        Your address is <strong>{current}</strong>.
      </p>
      {waiting && (
        <FormNotice>
          To change it to {waiting}, open the links we sent to {current} and to {waiting}. Until then, keep using {current}.
        </FormNotice>
      )}
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <InputField label="New e-mail address" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <Button type="submit" isLoading={requestEmailChange.isPending} loadingText="Sending...">
        Change e-mail address
      </Button>
    </form>
  );
}
