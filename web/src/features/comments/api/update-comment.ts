import type { CommentAnswer } from "@shared/api/comments.ts";
import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { Comment } from "@/types/api";

export type UpdateCommentInput = { commentId: number; postId: number; content: string };

/** PATCH /api/comments/{id} → { comment }: its author's new words. */
export async function updateComment({ commentId, content }: UpdateCommentInput): Promise<Comment> {
  const { updateCommentInputSchema } = await import("./comment-input-schemas");
  const body = updateCommentInputSchema.parse({ content });
  const { comment } = await api.patch<CommentAnswer>(`/api/comments/${commentId}`, body);
  return comment;
}

/** Changes the caller's own comment; the post's comments are refetched. */
export function useUpdateComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateComment> } = {}) {
  return useMutationWithCacheWork(updateComment, refetchKeys(({ postId }) => [queryKeys.commentsOf(postId)]), mutationConfig);
}
