import type { PostDeleted } from "@shared/api/posts.ts";
import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** DELETE /api/posts/{id} by its author: the pending post goes, with its media. */
export function withdrawPost({ id }: { id: number }): Promise<PostDeleted> {
  return api.delete<PostDeleted>(`/api/posts/${id}`);
}

/** Withdraws the caller's pending post; every post answer, their contributions and the review queue are refetched. */
export function useWithdrawPost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof withdrawPost> } = {}) {
  return useMutationWithCacheWork(
    withdrawPost,
    (queryClient, _answer, { id }) => {
      // The post's own answer is gone for good: dropped, not refetched into a 404.
      queryClient.removeQueries({ queryKey: queryKeys.postDetail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mine });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
    mutationConfig,
  );
}
