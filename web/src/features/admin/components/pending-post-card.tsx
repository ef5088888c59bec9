import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { KeyValueList } from "@/components/ui/key-value-list";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useApprovePost } from "../api/approve-post";
import type { PendingPost } from "../api/get-pending-posts";
import { useRejectPost } from "../api/reject-post";
import { formatTimestamp } from "@/lib/field-changes";
import { MarkdownView } from "./markdown-view";
import { MediaList } from "./media-list";
import { PostEditModal } from "./post-edit-modal";
import { RejectionReasonField } from "./rejection-reason-field";
import { SuspendMemberButton } from "./suspend-member-button";
import styles from "./admin.module.css";

type PostAction = "approve" | "reject";

const done: Record<PostAction, string> = { approve: "approved", reject: "rejected" };
const doing: Record<PostAction, string> = { approve: "approving", reject: "rejecting" };

export function PendingPostCard({ post }: { post: PendingPost }) {
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState("");
  const approve = useApprovePost();
  const reject = useRejectPost();
  const reviewing = approve.isPending || reject.isPending;
  const detailsId = useId();
  const headingId = useId();

  const run = async (action: PostAction) => {
    try {
      await (action === "approve" ? approve.mutateAsync({ id: post.id, version: post.version }) : reject.mutateAsync({ id: post.id, reason }));
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
          <h3 id={headingId} className={styles.cardTitle}>
            {post.title}
          </h3>
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
          <Button variant="success" size="small" disabled={reviewing} aria-describedby={headingId} onClick={() => void run("approve")}>
            Accept
          </Button>
          <Button variant="danger" size="small" disabled={reviewing} aria-describedby={headingId} onClick={() => void run("reject")}>
            Deny
          </Button>
          <SuspendMemberButton authorOf={{ kind: "post", id: post.id }} />
        </div>
      </header>
      <p className={styles.excerpt}>{post.excerpt}</p>
      <RejectionReasonField value={reason} onChange={setReason} disabled={reviewing} />
      <div id={detailsId} hidden={!expanded} className={styles.details}>
        {expanded && (
          <>
            <dl className={styles.facts}>
              <dt>title</dt>
              <dd>{post.title}</dd>
              <dt>author_name</dt>
              <dd>{post.author_name ?? "—"}</dd>
              <dt>post_type</dt>
              <dd>{post.post_type}</dd>
              <dt>is_nsfw</dt>
              <dd>{post.is_nsfw ? "true" : "false"}</dd>
              <dt>excerpt</dt>
              <dd>{post.excerpt}</dd>
              <dt>tags</dt>
              <dd>{post.tags || "—"}</dd>
              <dt>event_timestamp</dt>
              <dd>{post.event_timestamp ? formatTimestamp(post.event_timestamp) : "—"}</dd>
              <dt>image_url</dt>
              <dd>{post.image_url ?? "—"}</dd>
              <dt>media_type</dt>
              <dd>{post.media_type ?? "—"}</dd>
            </dl>
            <h4 className={styles.fieldName}>Content (rendered)</h4>
            <MarkdownView source={post.content ?? ""} />
            <h4 className={styles.fieldName}>Content (raw)</h4>
            <pre className={styles.raw}>{post.content}</pre>
            {(post.info_boxes?.length ?? 0) > 0 && (
              <>
                <h4 className={styles.fieldName}>Info boxes</h4>
                <ul className={styles.infoBoxes}>
                  {post.info_boxes!.map((box, index) => (
                    <li key={index}>
                      <strong>{box.title}</strong>
                      <KeyValueList content={box.content} className={styles.facts} rowClassName={styles.factRow} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h4 className={styles.fieldName}>Media</h4>
            <MediaList media={post.media ?? []} label={`Media of ${post.title}`} />
          </>
        )}
      </div>
      <PostEditModal post={post} infoBoxes={post.info_boxes ?? []} open={editing} onClose={() => setEditing(false)} />
    </article>
  );
}
