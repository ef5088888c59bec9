import { useId } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import { useAuthorization } from "@/lib/authorization";
import { notify } from "@/lib/notify";
import { useCloseReports } from "../api/close-reports";
import { useDeleteComment } from "../api/delete-comment";
import { useDeletePost } from "../api/delete-post";
import type { ReportedItem, ReportReasonCount } from "../api/get-open-reports";
import { formatTimestamp } from "@/lib/field-changes";
import { SuspendMemberButton } from "./suspend-member-button";
import styles from "./admin.module.css";

const reasonLabels: Record<ReportReasonCount["reason"], string> = {
  spam: "Spam",
  harassment: "Harassment",
  misinformation: "Misinformation",
  off_topic: "Not about the subject",
  other: "Other",
};

const failed = (fallback: string) => (error: Error) => notify.error(`Error: ${apiErrorDetail(error) ?? fallback}`);

/**
 * A post or comment with open reports: what was reported, by how many and
 * why, and the team's choices: Dismiss (nothing wrong), Delete the item
 * (deleting resolves its reports; a post only by an admin) or suspend its author.
 */
export function ReportedItemCard({ item }: { item: ReportedItem }) {
  const { can } = useAuthorization();
  const mayDelete = item.kind === "post" ? can.deletePosts : can.deleteComments;
  const headingId = useId();
  const confirm = useConfirm();
  const close = useCloseReports({
    mutationConfig: { onSuccess: (answer) => notify.success(answer.message || "Reports dismissed."), onError: failed("The reports could not be dismissed.") },
  });
  const deletePost = useDeletePost({
    mutationConfig: { onSuccess: () => notify.success("Post deleted successfully."), onError: failed("The post could not be deleted.") },
  });
  const deleteComment = useDeleteComment({
    mutationConfig: { onSuccess: () => notify.success("Comment deleted successfully"), onError: failed("The comment could not be deleted.") },
  });
  const busy = close.isPending || deletePost.isPending || deleteComment.isPending;
  const reports = item.report_count === 1 ? "1 report" : `${item.report_count} reports`;

  const runDelete = async () => {
    if (item.kind === "post") {
      if (await confirm("Are you sure you want to permanently delete this post?", { title: "Delete post", confirmLabel: "Delete" })) {
        deletePost.mutate(item.post_id);
      }
    } else if (item.comment_id !== null) {
      const sure = await confirm("Are you sure you want to delete this comment? This will also delete all replies.", {
        title: "Delete comment",
        confirmLabel: "Delete",
      });
      if (sure) deleteComment.mutate({ commentId: item.comment_id, postId: item.post_id });
    }
  };

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <div>
          <h2 id={headingId} className={styles.cardTitle}>
            {item.kind === "post" ? "Post" : "Comment on"}{" "}
            <Link to={item.kind === "post" ? paths.post(item.post_id) : paths.postComments(item.post_id)}>{item.post_title ?? "a deleted post"}</Link>
          </h2>
          <p className={styles.meta}>
            By <strong>{item.author_name ?? "Unknown author"}</strong> · {reports} · first{" "}
            <time dateTime={item.first_reported_at}>{formatTimestamp(item.first_reported_at)}</time>
          </p>
        </div>
        <div className={styles.cardActions}>
          <Button variant="secondary" size="small" disabled={busy} aria-describedby={headingId} onClick={() => close.mutate({ reportId: item.report_id, action: "dismiss" })}>
            Dismiss
          </Button>
          {mayDelete && (
            <Button variant="danger" size="small" disabled={busy} aria-describedby={headingId} onClick={() => void runDelete()}>
              {item.kind === "post" ? "Delete post" : "Delete comment"}
            </Button>
          )}
          {item.author_id && can.longestSuspensionDays > 0 && <SuspendMemberButton authorOf={item.kind === "post" ? { kind: "post", id: item.post_id } : { kind: "comment", id: item.comment_id! }} postId={item.post_id} />}
        </div>
      </header>
      {item.excerpt && <p className={styles.excerpt}>{item.excerpt}</p>}
      <ul className={styles.reasons} aria-label="Reasons">
        {item.reasons.map((reason) => (
          <li key={reason.reason}>
            <strong>{reasonLabels[reason.reason]}</strong> × {reason.count}
            {reason.details.length > 0 && (
              <ul>
                {reason.details.map((text, index) => (
                  <li key={index}>“{text}”</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
