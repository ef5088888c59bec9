import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { apiRequest } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { signOut } from "./sign-out";

/**
 * DELETE /api/me with the typed e-mail address (the server checks it matches),
 * then the session this browser still holds is dropped.
 */
export async function deleteAccount(email: string): Promise<void> {
  await apiRequest("/me", { method: "DELETE", body: { email } });
  await signOut();
}

/** Deletes the account; every cached answer was the deleted user's, so they all go. */
export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  return useMutationWithCacheWork(deleteAccount, (queryClient) => queryClient.clear(), mutationConfig);
}
