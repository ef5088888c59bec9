import { useParams } from "react-router";
import { CommentsSection } from "@/features/comments/components/comments-section";
import { PostDetail } from "@/features/posts/components/post-detail";
import { useViewer } from "../use-viewer";

/**
 * Post detail, composed from the features. Slots to fill (issue 5 / 6):
 * - PostDetail `renderVoteControl(post)`: the vote control (else the score is text)
 * - PostDetail `renderActions(post, detail)`: admin controls, suggest edit
 * - CommentsSection `composer`, `renderReplyComposer(comment, close)`, `renderCommentActions(comment)`
 */
export default function PostRoute() {
  const { id = "" } = useParams();
  const viewer = useViewer();
  return (
    <PostDetail
      id={id}
      viewer={viewer}
      renderComments={(post) => <CommentsSection postId={post.id} viewer={viewer} />}
    />
  );
}
