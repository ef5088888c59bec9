import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

export type DeleteCommentInput = { commentId: number; postId: number | string };

/** DELETE /api/comments/{id}: the comment and its replies. */
export function deleteComment({ commentId }: DeleteCommentInput): Promise<ModerationAnswer> {
  return api.delete<ModerationAnswer>(`/comments/${commentId}`);
}

export function useDeleteComment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteComment> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useModerationMutation(deleteComment, {
    ...config,
    onSettled: async (answer, error, input, context, functionContext) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.commentsOf(input.postId) });
      return onSettled?.(answer, error, input, context, functionContext);
    },
  });
}
