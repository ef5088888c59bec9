import { useId } from "react";
import { useNavigate } from "react-router";
import { HeaderMenuButton, HeaderMenuLink, HeaderMenuLinks } from "@/components/layout/header-menu";
import { useCloseHeaderMenu } from "@/components/layout/header-menu-context";
import { Button } from "@/components/ui/button";
import { EmailAddress } from "@/components/ui/email-address";
import { useAuthorization } from "@/lib/authorization";
import { paths } from "@/config/paths";
import { useSignOut } from "../api/sign-out";
import { useAuthModals } from "../hooks/use-auth-modals";
import { type AuthUser, useSession } from "../hooks/use-session";
import { teamBadge, teamLinksFor } from "./admin-links";
import styles from "./header-actions.module.css";

/** The account's part of a narrow header's menu: the admin's or moderator's pages, then who is signed in and their links; or Suggest and Sign up. */
export function MenuAccount() {
  const session = useSession();
  if (session.status === "signed-in") {
    return (
      <>
        <AdminSection />
        <AccountSection user={session.user} />
      </>
    );
  }
  if (session.status === "signed-out") return <VisitorSection />;
  return null;
}

function AdminSection() {
  const headingId = useId();
  const { role, can } = useAuthorization();
  const links = teamLinksFor(can);
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby={headingId}>
      <p id={headingId} className={styles.badge}>
        {teamBadge(role)}
      </p>
      <HeaderMenuLinks>
        {links.map((link) => (
          <li key={link.to}>
            <HeaderMenuLink to={link.to}>{link.label}</HeaderMenuLink>
          </li>
        ))}
      </HeaderMenuLinks>
    </nav>
  );
}

function AccountSection({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut({ mutationConfig: { onSuccess: () => navigate(paths.home) } });
  return (
    <nav aria-label="Account">
      <p className={styles.menuUser}>
        <strong>{user.displayName}</strong>
        <EmailAddress address={user.email} className={styles.menuEmail} />
      </p>
      <HeaderMenuLinks>
        <li>
          <HeaderMenuLink to={paths.suggestion}>Suggest</HeaderMenuLink>
        </li>
        <li>
          <HeaderMenuLink to={paths.me}>My contributions</HeaderMenuLink>
        </li>
        <li>
          <HeaderMenuLink to={paths.account}>Your account</HeaderMenuLink>
        </li>
        <li>
          <HeaderMenuButton onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? "Signing out..." : "Sign out"}
          </HeaderMenuButton>
        </li>
      </HeaderMenuLinks>
    </nav>
  );
}

function VisitorSection() {
  const modals = useAuthModals();
  const closeMenu = useCloseHeaderMenu();
  return (
    <nav aria-label="Account" className={styles.visitorSection}>
      <HeaderMenuLinks>
        <li>
          <HeaderMenuLink to={paths.suggestion}>Suggest</HeaderMenuLink>
        </li>
      </HeaderMenuLinks>
      <Button
        variant="primary"
        onClick={() => {
          // Closed first, so the dialog gives focus back to the menu's button, not to a hidden one.
          closeMenu();
          modals.open("sign-up");
        }}
      >
        Sign up
      </Button>
    </nav>
  );
}
