import type { DoneAnswer } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** POST /api/admin/posts/{id}/approve: publishes a pending post. With the version the review showed, a post changed since is refused (409). */
export function approvePost({ id, version }: { id: number; version?: string }): Promise<DoneAnswer> {
  return api.post<DoneAnswer>(`/admin/posts/${id}/approve`, version ? { version } : undefined);
}

export function useApprovePost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approvePost> } = {}) {
  return useModerationMutation(approvePost, mutationConfig);
}
