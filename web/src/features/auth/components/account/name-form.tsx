import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { useUpdateNames } from "../../api/update-names";
import { nameSchema, type NameValues } from "../../schemas";
import { authErrorMessage } from "../../utils/auth-error-message";

export function NameForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { firstName, lastName } });
  // The saved names are the form's new starting point.
  const updateNames = useUpdateNames({ mutationConfig: { onSuccess: (_, values) => reset(values) } });

  const onSubmit = handleSubmit((values) => updateNames.mutate(values));

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Your name">
      {updateNames.isSuccess && <FormNotice>Your name has been saved.</FormNotice>}
      {updateNames.isError && <FormAlert>{authErrorMessage(updateNames.error)}</FormAlert>}
      <div className={formStyles.row}>
        <InputField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
        <InputField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
      </div>
      <Button type="submit" isLoading={updateNames.isPending} loadingText="Saving..." disabled={!isDirty}>
        Save name
      </Button>
    </form>
  );
}
