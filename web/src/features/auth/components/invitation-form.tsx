import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { apiErrorDetail } from "@/lib/api-client";
import type { Role } from "@/lib/authorization";
import { useAcceptInvitation } from "../api/accept-invitation";
import { useAuthForm } from "../hooks/use-auth-form";
import type { AuthUser } from "../hooks/use-session";
import { invitationSchema, type InvitationValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import { ChosenPasswordField } from "./chosen-password-field";
import styles from "./auth-form.module.css";

export type InvitationFormProps = { user: AuthUser; onAccepted: (role: Role) => void };

/** The invitee's name, password (twice, the sign-up's rules) and 18+ confirmation; a refusal shows above the fields, which keep what was typed. */
export function InvitationForm({ user, onAccepted }: InvitationFormProps) {
  const { register, errors, serverError, setServerError, submitWith } = useAuthForm<InvitationValues>(
    {
      resolver: zodResolver(invitationSchema),
      defaultValues: { firstName: user.firstName, lastName: user.lastName, password: "", confirm: "", adultConfirmed: false },
    },
    "firstName",
    true,
  );
  const accept = useAcceptInvitation({
    mutationConfig: {
      onSuccess: (answer) => onAccepted(answer.role),
      onError: (error) => setServerError(apiErrorDetail(error) ?? authErrorMessage(error)),
    },
  });

  return (
    <div className={styles.wrapper}>
      <form className={formStyles.form} onSubmit={submitWith(accept.mutate)} noValidate aria-label="Accept the invitation">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <div className={formStyles.row}>
          <InputField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
          <InputField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
        </div>
        <ChosenPasswordField error={errors.password?.message} {...register("password")} />
        <InputField label="Repeat the password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...register("confirm")} />
        <CheckboxField label="I am 18 or older" error={errors.adultConfirmed?.message} {...register("adultConfirmed")} />
        <Button type="submit" block isLoading={accept.isPending} loadingText="Joining...">
          Join the team
        </Button>
      </form>
    </div>
  );
}
