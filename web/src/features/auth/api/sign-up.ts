import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";
import type { SignUpValues } from "../schemas";

export type SignUpResult = { signedIn: boolean };

/** Creates the account; the 18+ confirmation is stored in the user metadata. */
export async function signUp(values: SignUpValues): Promise<SignUpResult> {
  const { data, error } = await (await getAuthClient()).signUp({
    email: values.email,
    password: values.password,
    options: {
      data: { first_name: values.firstName, last_name: values.lastName, adult_confirmed: true },
      emailRedirectTo: `${window.location.origin}/`,
    },
  });
  if (error) throw error;
  // Without a session the project asks new users to confirm their e-mail first.
  return { signedIn: Boolean(data.session) };
}

export function useSignUp({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signUp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signUp });
}
