import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { useSignOut } from "../api/sign-out";
import type { AuthUser } from "../hooks/use-session";
import styles from "./header-actions.module.css";

function initials(user: AuthUser): string {
  const letters = (user.firstName.charAt(0) + user.lastName.charAt(0)).trim() || user.email.charAt(0);
  return letters.toUpperCase() || "?";
}

/** The signed-in user's menu: name, e-mail, their contributions, their account page and Sign out (then back to /). */
export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const signOut = useSignOut({
    mutationConfig: {
      onSuccess: () => {
        setOpen(false);
        navigate(paths.home);
      },
    },
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className={styles.menuRoot} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.displayName}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials(user)}
        </span>
        <span className={styles.menuName}>{user.firstName || user.displayName}</span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <div id={menuId} className={styles.menu} hidden={!open}>
        <p className={styles.menuUser}>
          <strong>{user.displayName}</strong>
          <span>{user.email}</span>
        </p>
        <Link to={paths.me} className={styles.menuItem} onClick={() => setOpen(false)}>
          My contributions
        </Link>
        <Link to={paths.account} className={styles.menuItem} onClick={() => setOpen(false)}>
          Your account
        </Link>
        <button type="button" className={styles.menuItem} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? "Signing out..." : "Sign out"}
        </button>
      </div>
    </div>
  );
}
