import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import type { Post } from "@/types/api";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

export type PostFlag = "pin" | "unpin" | "mark_important" | "unmark_important";

/** POST /api/posts/{id}/pin, /unpin, /mark_important or /unmark_important: answers with the updated post. */
export function setPostFlag({ id, flag }: { id: number; flag: PostFlag }): Promise<ModerationAnswer & { post?: Post }> {
  return api.post<ModerationAnswer & { post?: Post }>(`/posts/${id}/${flag}`);
}

export function useSetPostFlag({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setPostFlag> } = {}) {
  return useModerationMutation(setPostFlag, mutationConfig);
}
