import { useMutation } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";

/**
 * Asks for a new address. Auth keeps the old one until the links it sends are
 * opened (to both addresses with double_confirm_changes).
 */
export async function requestEmailChange(email: string): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ email }, { emailRedirectTo: `${window.location.origin}${paths.account}` });
  if (error) throw error;
}

export function useRequestEmailChange({ mutationConfig }: { mutationConfig?: MutationConfig<typeof requestEmailChange> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestEmailChange });
}
