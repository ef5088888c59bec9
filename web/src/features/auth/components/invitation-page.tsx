import { Link, useNavigate } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useStanding } from "../api/get-standing";
import { useSession } from "../hooks/use-session";
import { InvitationForm } from "./invitation-form";
import styles from "./auth-page.module.css";

/**
 * `/welcome/invite`, where the invitation e-mail's link lands: Auth has signed
 * the invitee in (the session arrives in the address's fragment); they choose
 * a name and a password, confirm 18+, and go to the review panel with a welcome.
 */
export function InvitationPage() {
  useDocumentTitle("Join the team");
  const session = useSession();
  const standing = useStanding(session.status === "signed-in" ? session.user.id : undefined);
  const navigate = useNavigate();

  if (session.status === "loading" || (session.status === "signed-in" && !standing)) return <PageSpinner />;

  return (
    <section className={styles.page} aria-labelledby="invite-title">
      <h1 id="invite-title">Join the team</h1>
      {session.status !== "signed-in" ? (
        <p className={styles.lead}>
          This link is invalid or has expired. Ask the admin who invited you to send it again, or <Link to={paths.home}>go to the archive</Link>.
        </p>
      ) : standing?.invitation ? (
        <>
          <p className={styles.lead}>
            Signed in as {session.user.email}. You are invited as {standing.invitation.role === "admin" ? "an admin" : "a moderator"}: choose the name shown with
            your work and a password.
          </p>
          <InvitationForm user={session.user} onAccepted={(role) => navigate(paths.adminReview, { replace: true, state: { welcomeRole: role } })} />
        </>
      ) : (
        <p className={styles.lead}>
          There is no invitation waiting for this account. <Link to={paths.home}>Go to the archive</Link>.
        </p>
      )}
    </section>
  );
}
