import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useStanding } from "../api/get-standing";
import { useSession } from "../hooks/use-session";

/** An invited account with its invitation still open goes to the page that accepts it, wherever the link or a bookmark brought it. */
export function InvitationRedirect() {
  const session = useSession();
  const standing = useStanding(session.status === "signed-in" ? session.user.id : undefined);
  const { pathname } = useLocation();
  if (!standing?.invitation || pathname === paths.welcomeInvite) return null;
  return <Navigate to={paths.welcomeInvite} replace />;
}
