import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuthorization, type Capability } from "@/lib/authorization";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useSession } from "../hooks/use-session";

/**
 * Admin screens, open to the roles that `may` (a moderator opens the review
 * panel, never People): 'Sign in Required' for visitors, 'Access Denied'
 * for the others (SPEC §8).
 */
export function RequireAdmin({ may, children }: { may: Capability; children: ReactNode }) {
  const session = useSession();
  const { can, isLoading } = useAuthorization();
  const modals = useAuthModals();

  if (isLoading) return <PageSpinner />;
  if (session.status !== "signed-in") {
    return (
      <section>
        <h1>Sign in Required</h1>
        <p>Log in with an admin account to open this page.</p>
        <Button onClick={() => modals.open("sign-in")}>Log in</Button>
      </section>
    );
  }
  if (!can[may]) {
    return (
      <section>
        <h1>Access Denied</h1>
        <p>You must be an admin to access this page.</p>
      </section>
    );
  }
  return <>{children}</>;
}
