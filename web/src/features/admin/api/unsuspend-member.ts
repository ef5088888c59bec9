import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation, type ModerationAnswer } from "../hooks/use-moderation-mutation";

/** POST /api/admin/users/{id}/unsuspend: lifts a suspension (409 when there is none). */
export function unsuspendMember({ userId }: { userId: string }): Promise<ModerationAnswer> {
  return api.post<ModerationAnswer>(`/admin/users/${userId}/unsuspend`);
}

export function useUnsuspendMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unsuspendMember> } = {}) {
  return useModerationMutation(unsuspendMember, mutationConfig);
}
