import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { Comment } from "@/types/api";
import { useDeleteOwnComment } from "../api/delete-own-comment";

export type OwnCommentActionsProps = {
  comment: Comment;
  onEdit: () => void;
  /** False where the viewer has a Delete of their own (an admin's, which takes the replies too). */
  withDelete?: boolean;
};

/** Edit and Delete on the author's own comment (SPEC §8's delete texts for what happens after). */
export function OwnCommentActions({ comment, onEdit, withDelete = true }: OwnCommentActionsProps) {
  const confirm = useConfirm();
  const remove = useDeleteOwnComment();

  const run = async () => {
    const sure = await confirm(
      "Delete your comment? If someone replied to it, the replies stay and your comment shows as deleted.",
      { title: "Delete your comment", confirmLabel: "Delete" },
    );
    if (!sure) return;
    try {
      const answer = await remove.mutateAsync({ commentId: comment.id, postId: comment.post_id });
      notify.success(answer?.message || "Comment deleted successfully");
    } catch (error) {
      const detail = apiErrorDetail(error);
      notify.error(detail ? `Error: ${detail}` : "An error occurred while deleting the comment.");
    }
  };

  return (
    <>
      <Button variant="ghost" size="small" aria-label={`Edit your comment ${comment.id}`} onClick={onEdit}>
        Edit
      </Button>
      {withDelete && (
        <Button variant="ghost" size="small" isLoading={remove.isPending} aria-label={`Delete your comment ${comment.id}`} onClick={() => void run()}>
          Delete
        </Button>
      )}
    </>
  );
}
