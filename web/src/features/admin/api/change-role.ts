import type { PersonAnswer } from "@shared/api/people.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useModerationMutation } from "../hooks/use-moderation-mutation";
import type { PersonRole } from "./get-people";

export type ChangeRoleInput = { userId: string; role: PersonRole; reason: string };

/** POST /api/admin/people/{id}/role (logged with the reason); 409 when it would leave the archive without an admin. */
export function changeRole({ userId, role, reason }: ChangeRoleInput): Promise<PersonAnswer> {
  return api.post<PersonAnswer>(`/admin/people/${userId}/role`, { role, reason });
}

export function useChangeRole({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changeRole> } = {}) {
  // Their role answer is cached under their id: changing one's own role shows at once.
  return useModerationMutation(changeRole, mutationConfig, () => [queryKeys.roles]);
}
