import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useScrollToHash } from "@/hooks/use-scroll-to-hash";
import { useCanTakePart } from "../../hooks/use-can-take-part";
import { useSession } from "../../hooks/use-session";
import { ClosedNote } from "../closed-note";
import { AccountSection } from "./account-section";
import styles from "./account.module.css";
import { DeleteAccountForm } from "./delete-account-form";
import { DownloadDataButton } from "./download-data-button";
import { EmailForm } from "./email-form";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";

/** A card another feature adds to the page (app/routes/account.tsx composes them). */
export type AccountPageSection = { title: string; description?: ReactNode; content: ReactNode; id?: string };

/**
 * `/account`: the signed-in user's name, e-mail address and password, the
 * `sections` other features add (shown to the signed-in only), their data,
 * and leaving, each in a card of its own.
 */
export function AccountPage({ sections = [] }: { sections?: AccountPageSection[] }) {
  const session = useSession();
  const { standing } = useCanTakePart();
  useScrollToHash(session.status === "signed-in");
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out") {
    return (
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1>Your account</h1>
          <p>
            <Link to={paths.signIn}>Log in</Link> to change your name, password or e-mail address.
          </p>
        </header>
      </div>
    );
  }
  const { user } = session;
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1>Your account</h1>
        <p>Logged in as {user.displayName}.</p>
      </header>
      <AccountSection title="Your name" description="Shown with your posts and comments.">
        {/* Auth keeps a suspended member's name (private.keep_protected_user_metadata): no form that would change nothing. */}
        {standing?.suspension ? (
          <ClosedNote standing={standing} action="change your name" />
        ) : (
          <NameForm firstName={user.firstName} lastName={user.lastName} />
        )}
      </AccountSection>
      <AccountSection title="E-mail address" description="You log in with it, and e-mails from the archive go to it.">
        <EmailForm current={user.email} pending={user.pendingEmail} />
      </AccountSection>
      <AccountSection title="Password" description="Changing it logs you out on your other devices.">
        <PasswordForm accessToken={session.session.access_token} />
      </AccountSection>
      {sections.map(({ title, description, content, id }) => (
        <AccountSection key={title} id={id} title={title} description={description}>
          {content}
        </AccountSection>
      ))}
      <AccountSection
        title="Your data"
        description="Everything the archive holds about you (profile, posts, comments, votes and suggestions), as a JSON file."
      >
        <DownloadDataButton />
      </AccountSection>
      <AccountSection title="Delete my account" tone="danger">
        <DeleteAccountForm email={user.email} />
      </AccountSection>
    </div>
  );
}
