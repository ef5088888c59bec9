import { Button } from "@/components/ui/button";
import { useConfirmedAction } from "@/hooks/use-confirmed-action";
import { useDeleteComment } from "../api/delete-comment";

export type DeleteCommentButtonProps = {
  commentId: number;
  postId: number | string;
};

const deleteTexts = {
  question: "Are you sure you want to delete this comment? This will also delete all replies.",
  title: "Delete comment",
  confirmLabel: "Delete",
  failure: "An error occurred while deleting the comment.",
};

/** An admin's Delete on a comment (and all its replies), SPEC §8 texts. Render it for admins only. */
export function DeleteCommentButton({ commentId, postId }: DeleteCommentButtonProps) {
  const remove = useDeleteComment();
  const run = useConfirmedAction(deleteTexts, async () => (await remove.mutateAsync({ commentId, postId }))?.message || "Comment deleted successfully");

  return (
    <Button variant="ghost" size="small" isLoading={remove.isPending} aria-label={`Delete comment ${commentId}`} onClick={() => void run()}>
      Delete
    </Button>
  );
}
