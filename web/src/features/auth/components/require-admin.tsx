import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useIsAdmin } from "../hooks/use-is-admin";
import { useSession } from "../hooks/use-session";

/** Admin screens: 'Sign in Required' for visitors, 'Access Denied' for non-admins (SPEC §8). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const { isAdmin, isLoading } = useIsAdmin();
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
  if (!isAdmin) {
    return (
      <section>
        <h1>Access Denied</h1>
        <p>You must be an admin to access this page.</p>
      </section>
    );
  }
  return <>{children}</>;
}
