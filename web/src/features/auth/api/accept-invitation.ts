import type { AcceptedInvitation } from "@shared/api/me.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { getAuthClient } from "@/lib/supabase";
import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import type { Standing } from "./get-standing";
import type { InvitationValues } from "../schemas";

/**
 * The invitee's answer: their password and names through Auth (as /account
 * sets them), then POST /api/me/invitation records the names and the 18+
 * confirmation and gives them the role. Sent again after a failure of the
 * second step, Auth's "same password" means the first one is already done.
 */
export async function acceptInvitation({ firstName, lastName, password }: InvitationValues): Promise<AcceptedInvitation> {
  const { error } = await (await getAuthClient()).updateUser({ password, data: { first_name: firstName, last_name: lastName } });
  if (error && error.code !== "same_password") throw error;
  return api.post<AcceptedInvitation>("/api/me/invitation", { firstName, lastName, adultConfirmed: true });
}

export function useAcceptInvitation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof acceptInvitation> } = {}) {
  return useMutationWithCacheWork(
    acceptInvitation,
    (queryClient) => {
      // Accepted at once (nothing sends them back here), then asked again: the role and the standing changed.
      queryClient.setQueriesData<Standing>({ queryKey: queryKeys.standings }, (old) => old && { ...old, adultConfirmed: true, invitation: null });
      void queryClient.invalidateQueries({ queryKey: queryKeys.standings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.roles });
    },
    mutationConfig,
  );
}
