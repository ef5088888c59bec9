import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { AuthorLink } from "@/components/author-link/author-link";
import { Score } from "@/components/score/score";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useFirstScreen } from "@/hooks/use-first-screen";
import { useTimeZone } from "@/hooks/use-time-zone";
import type { Viewer } from "@/lib/query-keys";
import type { Comment, CommentSort } from "@/types/api";
import { useComments } from "../api/get-comments";
import { buildThreads } from "../utils/thread";
import { CommentEditForm } from "./comment-edit-form";
import { CommentMarkdown } from "./comment-markdown";
import { CopyCommentLink } from "./copy-comment-link";
import { OwnCommentActions } from "./own-comment-actions";
import styles from "./comments-section.module.css";
import { formatDate } from "@/lib/date-format";

export type CommentsSectionProps = {
  postId: number;
  viewer: Viewer;
  /** The new-comment form (or the sign-in prompt). */
  composer?: ReactNode;
  /** A reply form under a top-level comment, shown after its Reply button is pressed; `close` hides it again. */
  renderReplyComposer?: (comment: Comment, close: () => void) => ReactNode;
  /** Per-comment controls: vote control, delete. Without it the score is shown as text. */
  renderCommentActions?: (comment: Comment) => ReactNode;
  /** Whether the viewer wrote this comment and may change it: it then offers Edit, and Delete unless `offerOwnDelete` is false (an admin's Delete is theirs). */
  isOwn?: (comment: Comment) => boolean;
  offerOwnDelete?: boolean;
};

const sortLabels: Record<CommentSort, string> = { newest: "Newest", top: "Top" };

/** The comments of a post (SPEC §2): sort newest or top, replies one level deep, the empty text. */
export function CommentsSection({ postId, viewer, composer, renderReplyComposer, renderCommentActions, isOwn, offerOwnDelete = true }: CommentsSectionProps) {
  const [sort, setSort] = useState<CommentSort>("newest");
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useComments(postId, sort, viewer);
  const sortId = useId();
  const pages = isError ? [] : (data?.pages ?? []);
  // Under sort=top a comment whose score changed between two pages may come on both: shown once.
  const list = [...new Map(pages.flatMap((page) => page.comments).map((comment) => [comment.id, comment])).values()];
  // Pages follow the thread's order, so a long reply thread may continue on the next page: threads are built from all pages.
  const threads = buildThreads(list);
  // No count until the thread has come: "(0)" while it loads would be wrong.
  const total = pages[0]?.total;
  const linkedId = useLinkedCommentId();

  return (
    <section id="comments" className={styles.section} aria-labelledby="comments-title" tabIndex={-1}>
      <div className={styles.head}>
        <h2 id="comments-title">
          Comments {total !== undefined && <span className={styles.count}>({total})</span>}
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
      <ScrollToLinkedComment
        linkedId={linkedId}
        ready={!isPending}
        comments={list}
        canShowMore={hasNextPage && !isFetchingNextPage}
        showMore={fetchNextPage}
      />

      {isPending ? (
        <Spinner label="Loading comments" />
      ) : threads.length === 0 ? (
        <p className={styles.empty}>No comments yet. Be the first to start the conversation!</p>
      ) : (
        <ol className={styles.list} aria-label="Comments">
          {threads.map(({ comment, replies }) => (
            <li key={comment.id}>
              <CommentItem
                postId={postId}
                linked={comment.id === linkedId}
                comment={comment}
                renderCommentActions={renderCommentActions}
                renderReplyComposer={renderReplyComposer}
                isOwn={isOwn}
                offerOwnDelete={offerOwnDelete}
              />
              {replies.length > 0 && (
                <ol className={styles.replies} aria-label={comment.deleted ? "Replies to a deleted comment" : `Replies to ${comment.author_name ?? "Anonymous"}`}>
                  {replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem
                        postId={postId}
                        linked={reply.id === linkedId}
                        comment={reply}
                        renderCommentActions={renderCommentActions}
                        isOwn={isOwn}
                        offerOwnDelete={offerOwnDelete}
                        isReply
                      />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {hasNextPage && (
        <div className={styles.more} data-print="hide">
          <Button variant="secondary" isLoading={isFetchingNextPage} loadingText="Loading..." onClick={() => void fetchNextPage()}>
            Show more comments
          </Button>
        </div>
      )}
    </section>
  );
}

const formatCommentTime = (value: string, timeZone: string) =>
  formatDate(new Date(value), "en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

function CommentItem({
  postId,
  linked,
  comment,
  isReply = false,
  renderCommentActions,
  renderReplyComposer,
  isOwn,
  offerOwnDelete,
}: {
  postId: number;
  /** The comment the page's address names (`#comment-{id}`): highlighted, and focusable so the focus can be moved to it. */
  linked: boolean;
  comment: Comment;
  isReply?: boolean;
  renderCommentActions?: CommentsSectionProps["renderCommentActions"];
  renderReplyComposer?: CommentsSectionProps["renderReplyComposer"];
  isOwn?: CommentsSectionProps["isOwn"];
  offerOwnDelete?: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const timeZone = useTimeZone();
  const className = [styles.comment, isReply && styles.reply, linked && styles.linked].filter(Boolean).join(" ");
  const testId = isReply ? "reply" : "comment";
  const anchor = { id: `comment-${comment.id}`, tabIndex: linked ? -1 : undefined, "aria-current": linked ? ("location" as const) : undefined };
  // The time links to the comment itself, as in other forums: the address to share or bookmark.
  const permalink = (
    <Link to={paths.postComment(postId, comment.id)} className={styles.permalink}>
      <time dateTime={comment.created_at}>{formatCommentTime(comment.created_at, timeZone)}</time>
    </Link>
  );

  // Deleted by its author while it had replies: it keeps their place, and nothing more can be done with it.
  if (comment.deleted) {
    return (
      <article className={`${className} ${styles.deleted}`} data-testid={testId} aria-label="Deleted comment" {...anchor}>
        <p className={styles.meta}>{permalink}</p>
        <p className={styles.deletedContent}>{comment.content}</p>
      </article>
    );
  }

  const own = isOwn?.(comment) ?? false;
  return (
    <article className={className} data-testid={testId} aria-label={`Comment by ${comment.author_name ?? "Anonymous"}`} {...anchor}>
      <p className={styles.meta}>
        <strong>
          <AuthorLink post={comment} />
        </strong>{" "}
        {/* The time and its Copy link wrap together. */}
        <span className={styles.when}>
          {permalink}
          <CopyCommentLink postId={postId} commentId={comment.id} />
        </span>
        {comment.edited_at && (
          <span className={styles.edited}>
            {" "}
            · edited <time dateTime={comment.edited_at}>{formatCommentTime(comment.edited_at, timeZone)}</time>
          </span>
        )}
      </p>
      {editing ? (
        <CommentEditForm comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <>
          <CommentMarkdown source={comment.content} />
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
            {own && <OwnCommentActions comment={comment} onEdit={() => setEditing(true)} withDelete={offerOwnDelete} />}
          </div>
        </>
      )}
      {replying && renderReplyComposer && <div className={styles.replyComposer}>{renderReplyComposer(comment, () => setReplying(false))}</div>}
    </article>
  );
}

/** The comment the address names (`#comment-{id}`, as notifications and permalinks give), if any; none in a server's render, which never sees the hash, nor while it is hydrated. */
function useLinkedCommentId(): number | null {
  const { hash } = useLocation();
  const firstScreen = useFirstScreen();
  const linked = firstScreen ? null : /^#comment-(\d+)$/.exec(hash);
  return linked ? Number(linked[1]) : null;
}

/** How many more pages of comments a link to one comment loads, at most, looking for it: a deleted comment is never found. */
const maxPagesToFind = 20;

/**
 * A link to one comment scrolls to it and moves the focus there (so a screen
 * reader lands on it) once it is on the page: comments load after the post, so
 * the browser's own jump to the anchor finds nothing, and a long thread's
 * comment may be on a later page, which is asked for until it comes.
 */
function ScrollToLinkedComment({
  linkedId,
  ready,
  comments,
  canShowMore,
  showMore,
}: {
  linkedId: number | null;
  ready: boolean;
  comments: Comment[];
  canShowMore: boolean;
  showMore: () => unknown;
}) {
  // The location's key changes with every navigation, so following the same permalink again moves there again.
  const { key } = useLocation();
  const found = linkedId !== null && comments.some((comment) => comment.id === linkedId);
  const pagesAsked = useRef({ linkedId, count: 0 });
  useEffect(() => {
    if (!ready || !found) return;
    const element = document.getElementById(`comment-${linkedId}`);
    if (!element) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    element.scrollIntoView?.({ block: "center", behavior: reduceMotion ? "auto" : "smooth" });
    element.focus({ preventScroll: true });
  }, [ready, linkedId, found, key]);
  useEffect(() => {
    if (pagesAsked.current.linkedId !== linkedId) pagesAsked.current = { linkedId, count: 0 };
    if (!ready || linkedId === null || found || !canShowMore || pagesAsked.current.count >= maxPagesToFind) return;
    pagesAsked.current.count += 1;
    void showMore();
  }, [ready, linkedId, found, canShowMore, showMore]);
  return null;
}
