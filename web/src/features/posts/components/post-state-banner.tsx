import type { Post } from "@/types/api";
import styles from "./post-detail.module.css";

/** On a post that is not published (only its author and the moderators can open it): its state, and why it was rejected. */
export function PostStateBanner({ post }: { post: Post }) {
  if (post.status === "approved") return null;
  return (
    <div role="status" className={post.status === "rejected" ? `${styles.stateBanner} ${styles.rejectedBanner}` : styles.stateBanner}>
      {post.status === "pending" ? (
        <p>
          <strong>Pending review.</strong> The moderators review every post before it appears, typically within 24-48 hours. Only its author and
          the moderators can see it until it is published.
        </p>
      ) : (
        <>
          <p>
            <strong>Rejected.</strong> This post was not accepted. Only its author and the moderators can see it.
          </p>
          {post.rejection_reason && <p>Reason: {post.rejection_reason}</p>}
        </>
      )}
    </div>
  );
}
