import type { PostUpdated } from "@shared/api/posts.ts";
import { refetchKeys, useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * PUT /api/posts/{id} (multipart, lib/post-fields-wire.ts): the author's edit
 * of their post while it waits for review. The fields' rules and limits are
 * the server's, with its words (those of a new post).
 */
export function updateOwnPost({ id, form }: { id: number; form: FormData }): Promise<PostUpdated> {
  return api.put<PostUpdated>(`/api/posts/${id}`, form);
}

/** Edits the caller's pending post; the post, their contributions and the review queue are refetched. */
export function useUpdateOwnPost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateOwnPost> } = {}) {
  return useMutationWithCacheWork(
    updateOwnPost,
    refetchKeys(({ id }) => [queryKeys.postDetail(id), queryKeys.mine, queryKeys.admin]),
    mutationConfig,
  );
}
