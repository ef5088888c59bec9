import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { useAuthModals } from "@/features/auth/hooks/use-auth-modals";
import { useIsAdmin } from "@/features/auth/hooks/use-is-admin";
import { CommentForm } from "@/features/comments/components/comment-form";
import { CommentsSection } from "@/features/comments/components/comments-section";
import { SuggestEditButton } from "@/features/edit-suggestions/components/suggest-edit-button";
import { PostDetail } from "@/features/posts/components/post-detail";
import { ReportButton } from "@/features/reports/components/report-button";
import { VoteControl } from "@/features/votes/components/vote-control";
import { anonViewer } from "@/lib/query-keys";
import { useViewer } from "../use-viewer";

// Admin-only controls: visitors and members never download them.
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
 * - PostDetail `renderActions(post, detail)`: admin controls, suggest edit, report
 * - CommentsSection `composer`, `renderReplyComposer(comment, close)`, `renderCommentActions(comment)`
 */
export default function PostRoute() {
  const { id = "" } = useParams();
  const viewer = useViewer();
  const modals = useAuthModals();
  const { isAdmin } = useIsAdmin();
  const signedIn = viewer !== anonViewer;
  const signIn = () => modals.open("sign-in");
  const signUp = () => modals.open("sign-up");
  return (
    <PostDetail
      id={id}
      viewer={viewer}
      renderVoteControl={(post) => (
        <VoteControl target="post" id={post.id} postId={post.id} upvotes={post.upvotes} downvotes={post.downvotes} userVote={post.user_vote} signedIn={signedIn} onSignIn={signIn} />
      )}
      renderActions={(post, detail) => (
        <>
          <SuggestEditButton post={post} infoBoxes={detail.infoBoxes} signedIn={signedIn} onSignIn={signIn} />
          {!isAdmin && <ReportButton target={{ kind: "post", id: post.id }} signedIn={signedIn} onSignIn={signIn} />}
          {isAdmin && (
            <Suspense fallback={null}>
              <PostAdminControls post={post} infoBoxes={detail.infoBoxes} />
              <SuspendMemberButton authorOf={{ kind: "post", id: post.id }} />
            </Suspense>
          )}
        </>
      )}
      renderComments={(post) => (
        <CommentsSection
          postId={post.id}
          viewer={viewer}
          composer={<CommentForm postId={post.id} signedIn={signedIn} onSignIn={signIn} onSignUp={signUp} />}
          renderReplyComposer={(comment, close) => (
            <CommentForm postId={post.id} parentId={comment.id} onDone={close} signedIn={signedIn} onSignIn={signIn} onSignUp={signUp} autoFocus />
          )}
          renderCommentActions={(comment) => (
            <>
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
              {!isAdmin && <ReportButton target={{ kind: "comment", id: comment.id }} signedIn={signedIn} onSignIn={signIn} />}
              {isAdmin && (
                <Suspense fallback={null}>
                  <DeleteCommentButton commentId={comment.id} postId={post.id} />
                  <SuspendMemberButton authorOf={{ kind: "comment", id: comment.id }} />
                </Suspense>
              )}
            </>
          )}
        />
      )}
    />
  );
}
