import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { z } from "@/lib/zod";
import type { Comment } from "@/types/api";

/** SPEC §5, as for a new comment: non-empty after trimming. Its limits are the server's, with its words. */
export const updateCommentInputSchema = z.object({
  content: z.string().trim().min(1, "Write a comment first"),
});

export type UpdateCommentInput = { commentId: number; postId: number; content: string };

/** PATCH /api/comments/{id} → { comment }: its author's new words. */
export async function updateComment({ commentId, content }: UpdateCommentInput): Promise<Comment> {
  const body = updateCommentInputSchema.parse({ content });
  const { comment } = await api.patch<{ comment: Comment }>(`/api/comments/${commentId}`, body);
  return comment;
}

/** Changes the caller's own comment; the post's comments are refetched. */
export function useUpdateComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateComment> } = {}) {
  return useMutationWithCacheWork(updateComment, refetchKeys(({ postId }) => [queryKeys.commentsOf(postId)]), mutationConfig);
}
