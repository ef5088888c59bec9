import type { Provider } from "@supabase/auth-js";
import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";

/** Leaves for the provider's sign-in page; it sends the user back to the home page. */
export async function signInWithProvider(provider: string): Promise<void> {
  const { error } = await (await getAuthClient()).signInWithOAuth({
    provider: provider as Provider,
    options: { redirectTo: `${window.location.origin}/` },
  });
  if (error) throw error;
}

export function useSignInWithProvider({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signInWithProvider> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signInWithProvider });
}
