import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

export type DeleteCommentInput = { commentId: number; postId: number | string };

/** DELETE /api/comments/{id}: the comment and its replies. */
export function deleteComment({ commentId }: DeleteCommentInput): Promise<ModerationAnswer> {
  return api.delete<ModerationAnswer>(`/comments/${commentId}`);
}

/** Deletes a comment; its post's comments are refetched with the admin lists. */
export function useDeleteComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteComment> } = {}) {
  return useModerationMutation(deleteComment, mutationConfig, ({ postId }) => [queryKeys.commentsOf(postId)]);
}
