import type { DoneAnswer } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** POST /api/admin/users/{id}/unsuspend: lifts a suspension (409 when there is none). */
export function unsuspendMember({ userId }: { userId: string }): Promise<DoneAnswer> {
  return api.post<DoneAnswer>(`/admin/users/${userId}/unsuspend`);
}

export function useUnsuspendMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unsuspendMember> } = {}) {
  return useModerationMutation(unsuspendMember, mutationConfig);
}
