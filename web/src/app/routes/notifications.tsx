import { Link } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSession } from "@/features/auth/hooks/use-session";
import { NotificationsPage } from "@/features/notifications/components/notifications-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

export default function NotificationsRoute() {
  useDocumentTitle("Notifications");
  const session = useSession();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out") {
    return (
      <section aria-labelledby="notifications-title">
        <h1 id="notifications-title">Notifications</h1>
        <p>
          <Link to={paths.signIn}>Log in</Link> to see your notifications.
        </p>
      </section>
    );
  }
  return <NotificationsPage userId={session.user.id} />;
}
