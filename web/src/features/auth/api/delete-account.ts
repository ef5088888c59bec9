import { useMutation, useQueryClient } from "@tanstack/react-query";
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
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteAccount,
    onSuccess: (answer, input, context, functionContext) => {
      queryClient.clear();
      return onSuccess?.(answer, input, context, functionContext);
    },
  });
}
