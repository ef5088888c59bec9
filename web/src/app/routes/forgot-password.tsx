import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import styles from "@/features/auth/components/auth-page.module.css";
import { useDocumentTitle } from "@/hooks/use-document-title";

export default function ForgotPasswordRoute() {
  useDocumentTitle("Forgot your password?");
  return (
    <section className={styles.page} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p className={styles.lead}>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      <ForgotPasswordForm />
    </section>
  );
}
