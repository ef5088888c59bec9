import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { useSignIn } from "../api/sign-in";
import { useAuthForm } from "../hooks/use-auth-form";
import { signInSchema, type SignInValues } from "../schemas";
import { authErrorMessage } from "../utils/auth-error-message";
import { AuthFormFrame } from "./auth-form-frame";
import styles from "./auth-form.module.css";

export type SignInFormProps = {
  onSuccess: () => void;
  /** Shows "Sign up" as a button calling this (in the modal); otherwise a link to /sign-up. */
  onSwitch?: () => void;
  /** Focus the first field on mount (in a modal). */
  autoFocus?: boolean;
  /** Called when the form's "Forgot your password?" link is followed (the modal closes). */
  onLeave?: () => void;
};

export function SignInForm({ onSuccess, onSwitch, autoFocus, onLeave }: SignInFormProps) {
  const form = useAuthForm<SignInValues>(
    { resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } },
    "email",
    autoFocus,
  );
  const { register, errors } = form;
  const signIn = useSignIn({ mutationConfig: { onSuccess: () => onSuccess(), onError: (error) => form.setServerError(authErrorMessage(error)) } });

  return (
    <AuthFormFrame screen="signIn" form={form} onSubmit={form.submitWith(signIn.mutate)} onSwitch={onSwitch}>
      <InputField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <InputField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
      <p className={styles.forgot}>
        <Link to={paths.forgotPassword} onClick={onLeave}>
          Forgot your password?
        </Link>
      </p>
      <Button type="submit" block isLoading={signIn.isPending} loadingText="Logging in...">
        Log in
      </Button>
    </AuthFormFrame>
  );
}
