import { useMemo, type ReactNode } from "react";
import { AuthorizationProvider, capabilitiesOf, type Authorization } from "@/lib/authorization";
import { useRole } from "../api/get-role";
import { useSession } from "../hooks/use-session";

/** Gives the screens below the signed-in user's role and what it may do (lib/authorization.tsx). */
export function RoleAuthorization({ children }: { children: ReactNode }) {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : undefined;
  const lookup = useRole(userId);
  const role = userId ? lookup.role : "user";
  const isLoading = session.status === "loading" || (Boolean(userId) && lookup.isLoading);
  const value = useMemo<Authorization>(() => ({ role, can: capabilitiesOf[role], isLoading }), [role, isLoading]);
  return <AuthorizationProvider value={value}>{children}</AuthorizationProvider>;
}
