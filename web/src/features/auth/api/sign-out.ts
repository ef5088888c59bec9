import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { getAuthClient } from "@/lib/supabase";

export async function signOut(): Promise<void> {
  const { error } = await (await getAuthClient()).signOut();
  // A failed server-side logout (e.g. the session is already gone) still clears the local session.
  if (error) console.warn("Sign-out:", error.message);
}

/** Signs out; the roles read so far are dropped, so the next user's admin rights are asked afresh. */
export function useSignOut({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signOut> } = {}) {
  return useMutationWithCacheWork(signOut, (queryClient) => queryClient.removeQueries({ queryKey: queryKeys.roles }), mutationConfig);
}
