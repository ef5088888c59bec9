import { useEffect, useId, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Score } from "@/components/score/score";
import { Spinner } from "@/components/ui/spinner";
import type { Viewer } from "@/lib/query-keys";
import type { Comment, CommentSort } from "@/types/api";
import { useComments } from "../api/get-comments";
import { buildThreads } from "../utils/thread";
import styles from "./comments-section.module.css";

export type CommentsSectionProps = {
  postId: number;
  viewer: Viewer;
  /** The new-comment form (or the sign-in prompt). */
  composer?: ReactNode;
  /** A reply form under a top-level comment, shown after its Reply button is pressed; `close` hides it again. */
  renderReplyComposer?: (comment: Comment, close: () => void) => ReactNode;
  /** Per-comment controls: vote control, delete. Without it the score is shown as text. */
  renderCommentActions?: (comment: Comment) => ReactNode;
};

const sortLabels: Record<CommentSort, string> = { newest: "Newest", top: "Top" };

/** The comments of a post (SPEC §2): sort newest or top, replies one level deep, the empty text. */
export function CommentsSection({ postId, viewer, composer, renderReplyComposer, renderCommentActions }: CommentsSectionProps) {
  const [sort, setSort] = useState<CommentSort>("newest");
  const { data: comments, isPending, isError } = useComments(postId, sort, viewer);
  const sortId = useId();
  const list = isError ? [] : (comments ?? []);
  const threads = buildThreads(list);

  return (
    <section id="comments" className={styles.section} aria-labelledby="comments-title" tabIndex={-1}>
      <div className={styles.head}>
        <h2 id="comments-title">
          Comments <span className={styles.count}>({list.length})</span>
        </h2>
        <div className={styles.sort} data-print="hide">
          <label htmlFor={sortId}>Sort comments</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as CommentSort)}>
            {(Object.keys(sortLabels) as CommentSort[]).map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {composer && <div className={styles.composer} data-print="hide">{composer}</div>}
      <ScrollToLinkedComment ready={!isPending} />

      {isPending ? (
        <Spinner label="Loading comments" />
      ) : threads.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to start the conversation!</p>
      ) : (
        <ol className={styles.list} aria-label="Comments">
          {threads.map(({ comment, replies }) => (
            <li key={comment.id} className={styles.thread}>
              <CommentItem comment={comment} renderCommentActions={renderCommentActions} renderReplyComposer={renderReplyComposer} />
              {replies.length > 0 && (
                <ol className={styles.replies} aria-label={`Replies to ${comment.author_name ?? "Anonymous"}`}>
                  {replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} renderCommentActions={renderCommentActions} isReply />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  isReply = false,
  renderCommentActions,
  renderReplyComposer,
}: {
  comment: Comment;
  isReply?: boolean;
  renderCommentActions?: CommentsSectionProps["renderCommentActions"];
  renderReplyComposer?: CommentsSectionProps["renderReplyComposer"];
}) {
  const [replying, setReplying] = useState(false);
  return (
    <article className={isReply ? `${styles.comment} ${styles.reply}` : styles.comment} data-testid={isReply ? "reply" : "comment"} aria-label={`Comment by ${comment.author_name ?? "Anonymous"}`} id={`comment-${comment.id}`}>
      <p className={styles.meta}>
        <strong>{comment.author_name ?? "Anonymous"}</strong>{" "}
        <time dateTime={comment.created_at}>{new Date(comment.created_at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</time>
      </p>
      <p className={styles.content}>{comment.content}</p>
      <div className={styles.actions} data-print="hide">
        {renderCommentActions ? (
          renderCommentActions(comment)
        ) : (
          <Score upvotes={comment.upvotes} downvotes={comment.downvotes} testId="comment-score" />
        )}
        {renderReplyComposer && !isReply && (
          <button type="button" className={styles.replyButton} aria-expanded={replying} onClick={() => setReplying((open) => !open)}>
            Reply
          </button>
        )}
      </div>
      {replying && renderReplyComposer && <div className={styles.replyComposer}>{renderReplyComposer(comment, () => setReplying(false))}</div>}
    </article>
  );
}

/**
 * A link to one comment (`#comment-{id}`, as notifications give) scrolls to it
 * once the comments are on the page: they load after the post, so the
 * browser's own jump to the anchor finds nothing.
 */
function ScrollToLinkedComment({ ready }: { ready: boolean }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && /^#comment-\d+$/.test(hash)) document.getElementById(hash.slice(1))?.scrollIntoView({ block: "center" });
  }, [ready, hash]);
  return null;
}
