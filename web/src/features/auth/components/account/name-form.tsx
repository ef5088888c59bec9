import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { authErrorMessage, updateNames } from "../../api/auth";
import { nameSchema, type NameValues } from "../../schemas";

export function NameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { firstName, lastName } });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await updateNames(values);
      // The saved names are the form's new starting point.
      reset(values);
      setResult({ ok: true, text: "Your name has been saved." });
    } catch (error) {
      setResult({ ok: false, text: authErrorMessage(error) });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Your name">
      {result && (result.ok ? <FormNotice>{result.text}</FormNotice> : <FormAlert>{result.text}</FormAlert>)}
      <div className={formStyles.row}>
        <InputField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
        <InputField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
      </div>
      <Button type="submit" isLoading={isSubmitting} loadingText="Saving..." disabled={!isDirty}>
        Save name
      </Button>
    </form>
  );
}
