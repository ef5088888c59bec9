import { useRole } from "../api/get-role";
import { useSession } from "./use-session";

/** Whether the signed-in user is an admin (false while unknown, signed out or on error). */
export function useIsAdmin(): { isAdmin: boolean; isLoading: boolean } {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : undefined;
  const role = useRole(userId);
  return {
    isAdmin: Boolean(userId) && role.isAdmin,
    isLoading: session.status === "loading" || (Boolean(userId) && role.isLoading),
  };
}
