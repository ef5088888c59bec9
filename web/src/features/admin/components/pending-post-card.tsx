import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useApprovePost } from "../api/approve-post";
import type { PendingPost } from "../api/get-pending-posts";
import { useRejectPost } from "../api/reject-post";
import { formatTimestamp } from "@/lib/field-changes";
import { PendingPostDetails } from "./pending-post-details";
import { PostEditModal } from "./post-edit-modal";
import { DecisionButtons, useRejection } from "./decision-buttons";
import { RejectionForm } from "./rejection-form";
import { SuspendMemberButton } from "./suspend-member-button";
import styles from "./admin.module.css";

type PostAction = "approve" | "reject";

const done: Record<PostAction, string> = { approve: "approved", reject: "rejected" };
const doing: Record<PostAction, string> = { approve: "approving", reject: "rejecting" };

export function PendingPostCard({ post, sourceSummary }: { post: PendingPost; sourceSummary?: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const rejection = useRejection();
  const approve = useApprovePost();
  const reject = useRejectPost();
  const reviewing = approve.isPending || reject.isPending;
  const detailsId = useId();
  const headingId = useId();

  const run = async (action: PostAction, reason?: string) => {
    try {
      await (action === "approve" ? approve.mutateAsync({ id: post.id, version: post.version }) : reject.mutateAsync({ id: post.id, reason, version: post.version }));
      notify.success(`Post ${done[action]} successfully!`);
    } catch (error) {
      // 409: reviewed or changed meanwhile; the list refreshes, and the reason is worth reading.
      if (error instanceof ApiError && error.status === 409) notify.error(error.message);
      else notify.error(error instanceof ApiError ? `Failed to ${action} post.` : `Error ${doing[action]} post.`);
    }
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <div>
          <h2 id={headingId} className={styles.cardTitle}>
            {post.title}
          </h2>
          <p className={styles.meta}>
            By <strong>{post.author_name ?? "Unknown author"}</strong> · {post.post_type}
            {post.is_nsfw && <span className={styles.nsfw}> · NSFW</span>} ·{" "}
            <time dateTime={post.created_at}>{formatTimestamp(post.created_at)}</time>
          </p>
        </div>
        <div className={styles.cardActions}>
          <Button variant="ghost" size="small" aria-expanded={expanded} aria-controls={detailsId} aria-describedby={headingId} onClick={() => setExpanded((v) => !v)}>
            {expanded ? "Hide details" : "Show details"}
          </Button>
          <Button variant="secondary" size="small" aria-describedby={headingId} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <DecisionButtons approveLabel="Accept" rejectLabel="Deny" describedBy={headingId} reviewing={reviewing} rejection={rejection} onApprove={() => void run("approve")} />
          <SuspendMemberButton authorOf={{ kind: "post", id: post.id }} postId={post.id} />
        </div>
      </header>
      <p className={styles.excerpt}>{post.excerpt}</p>
      {sourceSummary && <p className={styles.meta}>{sourceSummary}</p>}
      {rejection.open && (
        <RejectionForm confirmLabel="Reject post" describedBy={headingId} busy={reject.isPending} onConfirm={(reason) => void run("reject", reason)} onCancel={rejection.close} />
      )}
      <div id={detailsId} hidden={!expanded} className={styles.details}>
        {expanded && <PendingPostDetails post={post} />}
      </div>
      <PostEditModal post={post} infoBoxes={post.info_boxes} open={editing} onClose={() => setEditing(false)} />
    </article>
  );
}
