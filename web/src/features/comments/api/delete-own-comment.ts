import type { CommentDeleted } from "@shared/api/comments.ts";
import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export type DeleteOwnCommentInput = { commentId: number; postId: number };

/**
 * DELETE /api/comments/{id} by its author: without replies it goes; with
 * replies it stays in its place as deleted (the server decides).
 */
export function deleteOwnComment({ commentId }: DeleteOwnCommentInput): Promise<CommentDeleted> {
  return api.delete<CommentDeleted>(`/api/comments/${commentId}`);
}

/** Deletes the caller's own comment; the thread, the post's comment count and what is theirs are refetched. */
export function useDeleteOwnComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteOwnComment> } = {}) {
  return useMutationWithCacheWork(
    deleteOwnComment,
    refetchKeys(({ postId }) => [queryKeys.commentsOf(postId), queryKeys.postDetail(postId), queryKeys.ownershipOf(postId)]),
    mutationConfig,
  );
}
