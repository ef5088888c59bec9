import { Link } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSession } from "../../hooks/use-session";
import styles from "../auth-page.module.css";
import { DeleteAccountForm } from "./delete-account-form";
import { DownloadDataButton } from "./download-data-button";
import { EmailForm } from "./email-form";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";

/** `/account`: the signed-in user's names, password and e-mail address, their data, and leaving. */
export function AccountPage() {
  const session = useSession();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out") {
    return (
      <section className={styles.page} aria-labelledby="account-title">
        <h1 id="account-title">Your account</h1>
        <p className={styles.lead}>
          <Link to={paths.signIn}>Log in</Link> to change your name, password or e-mail address.
        </p>
      </section>
    );
  }
  const { user } = session;
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <h2>Your name</h2>
      <p className={styles.lead}>Shown with your posts and comments.</p>
      <NameForm firstName={user.firstName} lastName={user.lastName} />
      <h2>Password</h2>
      <PasswordForm />
      <h2>E-mail address</h2>
      <EmailForm current={user.email} pending={user.pendingEmail} />
      <h2>Your data</h2>
      <p className={styles.lead}>Everything the archive holds about you (profile, posts, comments, votes and suggestions), as a JSON file.</p>
      <DownloadDataButton />
      <h2>Delete my account</h2>
      <DeleteAccountForm email={user.email} />
    </section>
  );
}
