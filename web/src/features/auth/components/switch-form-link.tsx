import { Link } from "react-router";
import styles from "./auth-form.module.css";

export type SwitchFormLinkProps = {
  question: string;
  label: string;
  /** The other form's page, followed when there is no `onSwitch`. */
  to: string;
  /** In a modal: swaps the form in place instead of leaving the page. */
  onSwitch?: () => void;
};

/** "New here? Sign up" under the sign-in form, and its mirror under sign-up. */
export function SwitchFormLink({ question, label, to, onSwitch }: SwitchFormLinkProps) {
  return (
    <p className={styles.switch}>
      {question}{" "}
      {onSwitch ? (
        <button type="button" className={styles.linkButton} onClick={onSwitch}>
          {label}
        </button>
      ) : (
        <Link to={to}>{label}</Link>
      )}
    </p>
  );
}
