import type { PostUpdated } from "@shared/api/posts.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** PUT /api/posts/{id} (multipart): an admin's edit of a post, media included. */
export function updatePost({ id, form }: { id: number; form: FormData }): Promise<PostUpdated> {
  return api.put<PostUpdated>(`/posts/${id}`, form);
}

export function useUpdatePost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updatePost> } = {}) {
  return useModerationMutation(updatePost, mutationConfig);
}
