import type { SuspendedAnswer } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

/** until: an ISO timestamp, or null for good. */
export type SuspendMemberInput = { userId: string; until: string | null; reason: string };

/** POST /api/admin/users/{id}/suspend; the server refuses admins, a missing reason and a past end with its message. */
export function suspendMember({ userId, until, reason }: SuspendMemberInput): Promise<SuspendedAnswer> {
  return api.post<SuspendedAnswer>(`/admin/users/${userId}/suspend`, { until, reason });
}

export function useSuspendMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof suspendMember> } = {}) {
  return useModerationMutation(suspendMember, mutationConfig);
}
