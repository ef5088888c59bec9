import { useMutation } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";

/**
 * Sends the recovery e-mail. Auth answers the same whether or not the address
 * has an account, so nothing here can tell either.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await (await getAuthClient()).resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset({ mutationConfig }: { mutationConfig?: MutationConfig<typeof requestPasswordReset> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
