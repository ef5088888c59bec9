import { Link } from "react-router";
import { paths } from "@/config/paths";
import { useAuthModals } from "../hooks/use-auth-modals";
import { useCanTakePart } from "../hooks/use-can-take-part";
import { useSession } from "../hooks/use-session";
import styles from "./header-actions.module.css";

/**
 * The banner above the header inviting visitors to create an account, and
 * members to post (not those who cannot: StandingBanner says why). On a phone
 * it says the same in one line.
 */
export function JoinBanner() {
  const session = useSession();
  const modals = useAuthModals();
  const { blocked } = useCanTakePart();
  if (blocked) return null;
  return (
    <div className={styles.banner}>
      <p className="container">
        {session.status === "signed-in" ? (
          <>
            <span className={styles.wideOnly}>Know something the archive is missing?</span>
            <span className={styles.narrowOnly}>Missing something?</span> <Link to={paths.createPost}>Create a post</Link>.
            <span className={styles.wideOnly}> Every post is reviewed before it appears.</span>
          </>
        ) : (
          <>
            Help build the archive:{" "}
            <button type="button" className={styles.bannerButton} onClick={() => modals.open("sign-up")}>
              create an account
            </button>
            <span className={styles.wideOnly}> and share a post</span>.
          </>
        )}
      </p>
    </div>
  );
}
