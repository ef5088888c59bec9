import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { loadMarkdown } from "@/components/markdown/lazy-markdown";
import { Score } from "@/components/score/score";
import { ClosedNote } from "@/features/auth/components/closed-note";
import { useAuthModals } from "@/features/auth/hooks/use-auth-modals";
import { useCanTakePart } from "@/features/auth/hooks/use-can-take-part";
import { CiteButton } from "@/features/citation/components/cite-button";
import { CommentForm } from "@/features/comments/components/comment-form";
import { CommentsSection } from "@/features/comments/components/comments-section";
import { SuggestEditButton } from "@/features/edit-suggestions/components/suggest-edit-button";
import { FollowButton } from "@/features/following/components/follow-button";
import { OwnPostControls } from "@/features/own-posts/components/own-post-controls";
import { useOwnership } from "@/features/posts/api/get-ownership";
import { PostDetail } from "@/features/posts/components/post-detail";
import { ReportButton } from "@/features/reports/components/report-button";
import { PostSources, ReferenceSource } from "@/features/sources/components/post-sources";
import { VoteControl } from "@/features/votes/components/vote-control";
import { useAuthorization } from "@/lib/authorization";
import { anonViewer } from "@/lib/query-keys";
import { useViewer } from "../use-viewer";

// The admin's and moderator's controls: visitors and members never download them.
const PostAdminControls = lazy(() =>
  import("@/features/admin/components/post-admin-controls").then((module) => ({ default: module.PostAdminControls })),
);
const SuspendMemberButton = lazy(() =>
  import("@/features/admin/components/suspend-member-button").then((module) => ({ default: module.SuspendMemberButton })),
);
const DeleteCommentButton = lazy(() =>
  import("@/features/admin/components/delete-comment-button").then((module) => ({ default: module.DeleteCommentButton })),
);

/**
 * Post detail, composed from the features (which may not import each other) through its slots:
 * - PostDetail `renderVoteControl(post)`: the vote control (else the score is text)
 * - PostDetail `renderActions(post, detail)`: cite (beside Share), follow (members), the author's or the team's controls, suggest edit, report
 * - PostDetail `renderSources(post, place)`: the URLs the post cites, their state and archived copies, within References
 *   (`renderReferenceSource(post, url)` beside each address its written references show, which the list then leaves out)
 * - CommentsSection `composer`, `renderReplyComposer(comment, close)`, `renderCommentActions(comment)`, `isOwn(comment)`
 *
 * Only what can succeed is offered: no Report on one's own words, no Suggest
 * Edit or Report on a post waiting for review, and for a member who cannot
 * take part (suspended, no 18+ confirmation) no write control at all, but a
 * note where the comment box would be.
 */
/** A server-rendered post shows its markdown: the renderer loads before the page is hydrated (app/first-screen.ts). */
export const beforeHydrate = loadMarkdown;

export default function PostRoute() {
  const { id = "" } = useParams();
  const viewer = useViewer();
  const modals = useAuthModals();
  const { can } = useAuthorization();
  const { standing } = useCanTakePart();
  const { ownsPost, ownsComment } = useOwnership(id, viewer);
  const signedIn = viewer !== anonViewer;
  const signIn = () => modals.open("sign-in");
  const signUp = () => modals.open("sign-up");
  // The team handles reports rather than sending them.
  const mayReport = signedIn ? !can.review && !standing : true;
  return (
    <PostDetail
      id={id}
      viewer={viewer}
      renderVoteControl={(post) =>
        standing ? (
          <Score upvotes={post.upvotes} downvotes={post.downvotes} />
        ) : (
          <VoteControl target="post" id={post.id} postId={post.id} upvotes={post.upvotes} downvotes={post.downvotes} userVote={post.user_vote} signedIn={signedIn} onSignIn={signIn} />
        )
      }
      renderActions={(post, detail) => {
        const published = post.status === "approved";
        return (
          <>
            {published && <CiteButton postId={String(post.id)} />}
            {signedIn && <FollowButton kind="posts" id={post.id} viewer={viewer} label="Follow this post" />}
            {ownsPost && !can.review && !standing && post.status === "pending" && <OwnPostControls post={post} infoBoxes={detail.infoBoxes} />}
            {published && !standing && <SuggestEditButton post={post} infoBoxes={detail.infoBoxes} signedIn={signedIn} onSignIn={signIn} />}
            {published && mayReport && !ownsPost && <ReportButton target={{ kind: "post", id: post.id }} signedIn={signedIn} onSignIn={signIn} />}
            {can.review && (
              <Suspense fallback={null}>
                <PostAdminControls post={post} infoBoxes={detail.infoBoxes} />
              </Suspense>
            )}
          </>
        );
      }}
      renderSources={(post, { withinReferences, references }) => (
        <PostSources postId={String(post.id)} viewer={viewer} withinReferences={withinReferences} references={references} />
      )}
      renderReferenceSource={(post, url) => <ReferenceSource postId={String(post.id)} viewer={viewer} url={url} />}
      renderComments={(post) => (
        <CommentsSection
          postId={post.id}
          viewer={viewer}
          composer={
            standing ? (
              <ClosedNote standing={standing} action="comment, reply or vote" />
            ) : (
              <CommentForm postId={post.id} signedIn={signedIn} onSignIn={signIn} onSignUp={signUp} />
            )
          }
          renderReplyComposer={
            standing
              ? undefined
              : (comment, close) => (
                  <CommentForm postId={post.id} parentId={comment.id} onDone={close} signedIn={signedIn} onSignIn={signIn} onSignUp={signUp} autoFocus />
                )
          }
          isOwn={standing ? undefined : (comment) => ownsComment(comment.id)}
          offerOwnDelete={!can.deleteComments}
          renderCommentActions={(comment) => (
            <>
              {standing ? (
                <Score upvotes={comment.upvotes} downvotes={comment.downvotes} testId="comment-score" />
              ) : (
                <VoteControl
                  target="comment"
                  id={comment.id}
                  postId={post.id}
                  upvotes={comment.upvotes}
                  downvotes={comment.downvotes}
                  userVote={comment.user_vote}
                  signedIn={signedIn}
                  onSignIn={signIn}
                  size="small"
                />
              )}
              {mayReport && !ownsComment(comment.id) && <ReportButton target={{ kind: "comment", id: comment.id }} signedIn={signedIn} onSignIn={signIn} />}
              <Suspense fallback={null}>
                {can.deleteComments && <DeleteCommentButton commentId={comment.id} postId={post.id} />}
                {can.longestSuspensionDays > 0 && <SuspendMemberButton authorOf={{ kind: "comment", id: comment.id }} postId={post.id} />}
              </Suspense>
            </>
          )}
        />
      )}
    />
  );
}
