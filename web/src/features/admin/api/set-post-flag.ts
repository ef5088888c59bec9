import type { PostFlagged } from "@shared/api/posts.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

export type PostFlag = "pin" | "unpin" | "mark_important" | "unmark_important";

/** POST /api/posts/{id}/pin, /unpin, /mark_important or /unmark_important: answers with the updated post. */
export function setPostFlag({ id, flag }: { id: number; flag: PostFlag }): Promise<PostFlagged> {
  return api.post<PostFlagged>(`/posts/${id}/${flag}`);
}

export function useSetPostFlag({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setPostFlag> } = {}) {
  return useModerationMutation(setPostFlag, mutationConfig);
}
