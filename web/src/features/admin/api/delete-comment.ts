import type { CommentDeleted } from "@shared/api/comments.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

export type DeleteCommentInput = { commentId: number; postId: number | string };

/** DELETE /api/comments/{id}: the comment and its replies. */
export function deleteComment({ commentId }: DeleteCommentInput): Promise<CommentDeleted> {
  return api.delete<CommentDeleted>(`/comments/${commentId}`);
}

/** Deletes a comment; its post's comments are refetched with the admin lists. */
export function useDeleteComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteComment> } = {}) {
  return useModerationMutation(deleteComment, mutationConfig, ({ postId }) => [queryKeys.commentsOf(postId)]);
}
