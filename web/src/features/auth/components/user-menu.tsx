import { useNavigate } from "react-router";
import { Dropdown, DropdownButton, DropdownLink } from "@/components/ui/dropdown";
import { EmailAddress } from "@/components/ui/email-address";
import { paths } from "@/config/paths";
import { useSignOut } from "../api/sign-out";
import type { AuthUser } from "../hooks/use-session";
import styles from "./header-actions.module.css";

function initials(user: AuthUser): string {
  const letters = (user.firstName.charAt(0) + user.lastName.charAt(0)).trim() || user.email.charAt(0);
  return letters.toUpperCase() || "?";
}

/** The signed-in user's menu (their initials in the bar): name, e-mail, their contributions, their account page and Sign out (then back to /). */
export function UserMenu({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut({ mutationConfig: { onSuccess: () => navigate(paths.home) } });

  return (
    <Dropdown
      ariaLabel={`Account menu for ${user.displayName}`}
      buttonClassName={styles.menuButton}
      label={
        <span className={styles.avatar} aria-hidden="true">
          {initials(user)}
        </span>
      }
    >
      <p className={styles.menuUser}>
        <strong>{user.displayName}</strong>
        <EmailAddress address={user.email} className={styles.menuEmail} />
      </p>
      <DropdownLink to={paths.me}>My contributions</DropdownLink>
      <DropdownLink to={paths.account}>Your account</DropdownLink>
      <DropdownButton onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? "Signing out..." : "Sign out"}
      </DropdownButton>
    </Dropdown>
  );
}
