import type { CommentAnswer } from "@shared/api/comments.ts";
import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { Comment } from "@/types/api";

export type CreateCommentInput = { postId: number; content: string; parentId?: number | null };

/** POST /api/posts/{id}/comments → 201 { comment }. */
export async function createComment({ postId, ...input }: CreateCommentInput): Promise<Comment> {
  const { createCommentInputSchema } = await import("./comment-input-schemas");
  const body = createCommentInputSchema.parse(input);
  const { comment } = await api.post<CommentAnswer>(`/api/posts/${postId}/comments`, body);
  return comment;
}

/** Posts a comment or reply; the post's comments, its comment count and what on it is the author's are refetched. */
export function useCreateComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createComment> } = {}) {
  return useMutationWithCacheWork(
    createComment,
    // The new comment is the author's own: they may edit or delete it.
    refetchKeys(({ postId }) => [queryKeys.commentsOf(postId), queryKeys.postDetail(postId), queryKeys.ownershipOf(postId)]),
    mutationConfig,
  );
}
