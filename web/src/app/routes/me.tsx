import { Link } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { MyContributions } from "@/features/contributions/components/my-contributions";
import { useCanTakePart } from "@/features/auth/hooks/use-can-take-part";
import { useSession } from "@/features/auth/hooks/use-session";
import { useDocumentTitle } from "@/hooks/use-document-title";

export default function MeRoute() {
  useDocumentTitle("My contributions");
  const session = useSession();
  const { blocked } = useCanTakePart();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-out") {
    return (
      <section aria-labelledby="me-title">
        <h1 id="me-title">My contributions</h1>
        <p>
          <Link to={paths.signIn}>Log in</Link> to see your posts and suggestions.
        </p>
      </section>
    );
  }
  return <MyContributions viewer={session.user.id} canPost={!blocked} />;
}
