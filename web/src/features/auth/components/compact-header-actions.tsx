import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useCanTakePart } from "../hooks/use-can-take-part";
import { useSession } from "../hooks/use-session";
import type { HeaderActionsProps } from "./header-actions";
import styles from "./header-actions.module.css";

/** What stays in a narrow header's bar beside the menu button: Log in, or the extras (the bell) and Post. */
export function CompactHeaderActions({ signedInExtras }: HeaderActionsProps) {
  const session = useSession();
  const modals = useAuthModals();
  const { blocked } = useCanTakePart();

  if (session.status === "signed-in") {
    return (
      <>
        {signedInExtras?.(session.user)}
        {!blocked && (
          <ButtonLink to={paths.createPost} variant="success" size="small" className={styles.compactButton}>
            Post
          </ButtonLink>
        )}
      </>
    );
  }
  if (session.status === "signed-out") {
    return (
      <Button variant="secondary" size="small" className={styles.compactButton} onClick={() => modals.open("sign-in")}>
        Log in
      </Button>
    );
  }
  return <span className={styles.compactPlaceholder} aria-hidden="true" />;
}
