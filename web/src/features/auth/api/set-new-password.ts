import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";

/** Sets the signed-in user's password (Auth ends their other sessions). */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ password });
  if (error) throw error;
}

export function useSetNewPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setNewPassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: setNewPassword });
}
