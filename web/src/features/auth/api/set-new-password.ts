import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";

/**
 * Sets the signed-in user's password (Auth ends their other sessions). Auth
 * checks `currentPassword` unless the session began with an e-mail link.
 */
export async function setNewPassword({ password, currentPassword }: { password: string; currentPassword?: string }): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ password, ...(currentPassword ? { current_password: currentPassword } : {}) });
  if (error) throw error;
}

export function useSetNewPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setNewPassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setNewPassword });
}
