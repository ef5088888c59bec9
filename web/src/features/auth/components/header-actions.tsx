import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useCanTakePart } from "../hooks/use-can-take-part";
import { type AuthUser, useSession } from "../hooks/use-session";
import { AdminMenu } from "./admin-menu";
import { UserMenu } from "./user-menu";
import styles from "./header-actions.module.css";

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

export type HeaderActionsProps = {
  /** What other features add for a signed-in user, before the Post button (the notification bell). */
  signedInExtras?: (user: AuthUser) => ReactNode;
};

/** The right of a wide header: the Admin (or Moderator) menu, Suggest, then Sign up / Log in or Post + the account menu. */
export function HeaderActions({ signedInExtras }: HeaderActionsProps) {
  const session = useSession();
  const modals = useAuthModals();
  // A suspended member is not offered a form that would only refuse them (the banner says why).
  const { blocked } = useCanTakePart();

  return (
    <nav aria-label="Account" className={styles.actions}>
      {session.status === "signed-in" && <AdminMenu />}
      <NavLink to={paths.suggestion} className={linkClass}>
        Suggest
      </NavLink>
      {session.status === "signed-in" ? (
        <>
          {signedInExtras?.(session.user)}
          {!blocked && (
            <ButtonLink to={paths.createPost} variant="success" size="small">
              Post
            </ButtonLink>
          )}
          <UserMenu user={session.user} />
        </>
      ) : session.status === "signed-out" ? (
        <>
          <Button variant="primary" size="small" onClick={() => modals.open("sign-up")}>
            Sign up
          </Button>
          <Button variant="secondary" size="small" onClick={() => modals.open("sign-in")}>
            Log in
          </Button>
        </>
      ) : (
        <span className={styles.placeholder} aria-hidden="true" />
      )}
    </nav>
  );
}
