import type { ReactNode } from "react";
import { Button } from "./button";
import styles from "./sign-in-prompt.module.css";

/** What visitors see instead of a members-only form: a message with Sign up and Log in buttons. */
export function SignInPrompt({ children, onSignUp, onSignIn }: { children: ReactNode; onSignUp: () => void; onSignIn: () => void }) {
  return (
    <div className={styles.prompt}>
      <p>{children}</p>
      <div className={styles.actions}>
        <Button onClick={onSignUp}>Sign up</Button>
        <Button variant="secondary" onClick={onSignIn}>
          Log in
        </Button>
      </div>
    </div>
  );
}
