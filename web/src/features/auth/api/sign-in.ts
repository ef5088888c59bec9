import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";
import type { SignInValues } from "../schemas";

export async function signIn(values: SignInValues): Promise<void> {
  const { error } = await (await getAuthClient()).signInWithPassword({ email: values.email, password: values.password });
  if (error) throw error;
}

export function useSignIn({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signIn> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signIn });
}
