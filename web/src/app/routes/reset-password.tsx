import { Link, useNavigate } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import styles from "@/features/auth/components/auth-page.module.css";
import { NewPasswordForm } from "@/features/auth/components/new-password-form";
import { useSession } from "@/features/auth/hooks/use-session";
import { newPasswordNeedsCurrent } from "@/features/auth/utils/session-method";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { notify } from "@/lib/notify";

/**
 * Where the recovery e-mail's link lands: Auth has signed the user in (the
 * session arrives in the address's fragment), and they choose a new password.
 */
export default function ResetPasswordRoute() {
  useDocumentTitle("Set a new password");
  const session = useSession();
  const navigate = useNavigate();

  if (session.status === "loading") return <PageSpinner />;

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <h1 id="reset-title">Set a new password</h1>
      {session.status === "signed-in" ? (
        <>
          <p className={styles.lead}>Signed in as {session.user.email}. Choose a new password for your account.</p>
          <NewPasswordForm
            needsCurrent={newPasswordNeedsCurrent(session.session.access_token)}
            autoFocus
            onSuccess={() => {
              notify.success("Your password has been changed.");
              navigate(paths.home, { replace: true });
            }}
          />
        </>
      ) : (
        <p className={styles.lead}>
          This link is invalid or has expired. <Link to={paths.forgotPassword}>Request a new one</Link>.
        </p>
      )}
    </section>
  );
}
