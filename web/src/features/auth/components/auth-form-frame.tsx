import type { FormEventHandler, ReactNode } from "react";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { paths } from "@/config/paths";
import { SocialButtons } from "./social-buttons";
import { SwitchFormLink } from "./switch-form-link";
import styles from "./auth-form.module.css";

/** Each form's accessible name and the link to the other one under it. */
const screens = {
  signIn: { label: "Log in", switchTo: { question: "New here?", label: "Sign up", to: paths.signUp } },
  signUp: { label: "Sign up", switchTo: { question: "Already have an account?", label: "Log in", to: paths.signIn } },
};

export type AuthFormFrameProps = {
  screen: keyof typeof screens;
  /** The form's state (useAuthForm): the server's refusal shows above the fields, and a social sign-in's failure goes there too. */
  form: { serverError: string | null; setServerError: (message: string | null) => void };
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Swaps to the other form in place (in the modal); otherwise the link leads to its page. */
  onSwitch?: () => void;
  children: ReactNode;
};

/** What Log in and Sign up share around their fields: the social buttons, the server's refusal, the link to the other form. */
export function AuthFormFrame({ screen, form, onSubmit, onSwitch, children }: AuthFormFrameProps) {
  const { label, switchTo } = screens[screen];
  return (
    <div className={styles.wrapper}>
      <SocialButtons onError={form.setServerError} />
      <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={label}>
        {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
        {children}
      </form>
      <SwitchFormLink {...switchTo} onSwitch={onSwitch} />
    </div>
  );
}
