import { useQueryClient } from "@tanstack/react-query";
import type { PostDeleted } from "@shared/api/posts.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** DELETE /api/posts/{id}: the post, its comments and media, for good. */
export function deletePost(id: number): Promise<PostDeleted> {
  return api.delete<PostDeleted>(`/posts/${id}`);
}

export function useDeletePost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deletePost> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useModerationMutation(deletePost, {
    ...config,
    // Not refetched: the post is gone, and its page is left at once.
    onSuccess: (answer, id, context, functionContext) => {
      queryClient.removeQueries({ queryKey: queryKeys.postDetail(id) });
      return onSuccess?.(answer, id, context, functionContext);
    },
  });
}
